import { validationFailed } from '../errors';
import { LIMITS } from '../limits';
import { TABLES, ident, type TableName } from '../metadata/tables';
import { ORDER_DIRECTIONS, type OrderDirection } from '../schema/comparison-types';
import { and, type SqlBuilder } from './sql-builder';

interface OrderTerm {
  expression: string;
  direction: string;
}

/**
 * `[<table>_order_by!]` -> ORDER BY terms. Keys of one object apply in the order the
 * caller wrote them (coercion reorders them, so `raw` gives the written order).
 */
export function compileOrderBy(
  table: TableName,
  alias: string,
  orderBy: unknown,
  raw: unknown,
  b: SqlBuilder,
): string[] {
  if (orderBy === undefined || orderBy === null) return [];
  const items = Array.isArray(orderBy) ? orderBy : [orderBy];
  const rawItems = Array.isArray(raw) ? raw : [raw];
  if (items.length > LIMITS.maxOrderByItems)
    throw validationFailed(`Trop de critères de tri (au plus ${LIMITS.maxOrderByItems}).`);
  return items.flatMap((item, index) =>
    orderTerms(table, alias, item, rawItems[index], b).map((term) => `${term.expression} ${term.direction}`),
  );
}

function orderTerms(
  table: TableName,
  alias: string,
  item: unknown,
  raw: unknown,
  b: SqlBuilder,
  depth = 0,
): OrderTerm[] {
  if (item === null || typeof item !== 'object') throw validationFailed(`Critère de tri invalide pour ${table}.`);
  if (depth > LIMITS.maxSelectionDepth) throw validationFailed('Tri trop imbriqué.');
  const meta = TABLES[table];
  const terms: OrderTerm[] = [];
  for (const key of writtenOrder(item as Record<string, unknown>, raw)) {
    const value = (item as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (value === null) throw validationFailed(`Valeur null interdite pour le tri "${key}".`);
    const column = meta.columns[key];
    const relation = meta.relations[key];
    if (column && typeof value === 'string' && value in ORDER_DIRECTIONS) {
      terms.push({
        expression: b.column(table, alias, key),
        direction: columnDirection(value as OrderDirection, column.nullable, depth === 0),
      });
    } else if (relation?.kind === 'object') {
      const rawInner = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[key] : undefined;
      terms.push(...relationTerms(relation, alias, { value, raw: rawInner }, b, depth));
    } else {
      throw validationFailed(`Critère de tri "${key}" inconnu pour ${table}.`);
    }
  }
  return terms;
}

/** The related row's value, through a correlated lookup restricted to the caller's scope. */
function relationTerms(
  relation: { target: TableName; remoteColumn: string; localColumn: string },
  alias: string,
  item: { value: unknown; raw: unknown },
  b: SqlBuilder,
  depth: number,
): OrderTerm[] {
  const inner = b.alias();
  return orderTerms(relation.target, inner, item.value, item.raw, b, depth + 1).map((term) => {
    const join = `${inner}.${ident(relation.remoteColumn)} = ${alias}.${ident(relation.localColumn)}`;
    const where = and([join, b.scopeOf(relation.target, inner)]);
    return {
      expression: `(SELECT ${term.expression} FROM ${ident(relation.target)} ${inner} WHERE ${where})`,
      direction: term.direction,
    };
  });
}

/**
 * A NOT NULL column has no nulls to place, so `desc` may say NULLS LAST: that is how the
 * flux indexes are declared (drizzle's `.desc()`), and only then can PostgreSQL walk them.
 * Its `asc` may likewise say NULLS FIRST, the same index walked backward (a season by date
 * ascending: 1 ms instead of a 0.5 s sort at 2,000,000 flux). Not through a relation: a
 * missing related row is a NULL there, which `asc` places last.
 */
function columnDirection(direction: OrderDirection, nullable: boolean, ownColumn: boolean): string {
  if (!nullable && direction === 'desc') return ORDER_DIRECTIONS.desc_nulls_last;
  if (!nullable && ownColumn && direction === 'asc') return ORDER_DIRECTIONS.asc_nulls_first;
  return ORDER_DIRECTIONS[direction];
}

function writtenOrder(item: Record<string, unknown>, raw: unknown): string[] {
  const keys = Object.keys(item);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return keys;
  const written = Object.keys(raw);
  const position = (key: string) => (written.includes(key) ? written.indexOf(key) : written.length);
  return [...keys].sort((a, c) => position(a) - position(c));
}
