import { validationFailed } from '../errors';
import { LIMITS } from '../limits';
import { ident, type TableName } from '../metadata/tables';
import { compileOrderBy } from './order-by';
import { and, type SqlBuilder } from './sql-builder';
import { compileWhere } from './where';

/** The arguments every list field takes (Hasura: where, order_by, limit, offset). */
export interface ListArgs {
  where?: unknown;
  order_by?: unknown;
  limit?: number | null;
  offset?: number | null;
}

/** FROM ... WHERE ... ORDER BY ... LIMIT ... OFFSET: the rows a list field reads. */
export interface RowSource {
  table: TableName;
  alias: string;
  /** Everything after the select list. */
  tail: string;
  orderBy: string[];
}

export interface RowSourceOptions {
  /** Correlation with the parent row, for relations. */
  join?: (alias: string) => string;
  /** null: no LIMIT unless asked (aggregates count every matching row by default). */
  defaultLimit: number | null;
  /** Nested lists default to id order, so detail lines always come in the same order. */
  defaultOrder?: boolean;
}

export function rowSource(
  table: TableName,
  args: ListArgs,
  rawOrderBy: unknown,
  b: SqlBuilder,
  options: RowSourceOptions,
): RowSource {
  const alias = b.alias();
  const where = and([
    options.join?.(alias),
    b.scopeOf(table, alias),
    args.where === undefined || args.where === null ? null : compileWhere(table, alias, args.where, b),
  ]);
  let orderBy = compileOrderBy(table, alias, args.order_by, rawOrderBy, b);
  if (orderBy.length === 0 && options.defaultOrder) orderBy = [`${alias}.id`];
  const limit = checkBound(args.limit, 'limit', LIMITS.maxRows) ?? options.defaultLimit;
  const offset = checkBound(args.offset, 'offset', LIMITS.maxOffset);
  const tail = [
    `FROM ${ident(table)} ${alias} WHERE ${where}`,
    orderBy.length > 0 ? `ORDER BY ${orderBy.join(', ')}` : '',
    limit === null ? '' : `LIMIT ${b.param(limit, 'Int')}`,
    offset ? `OFFSET ${b.param(offset, 'Int')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return { table, alias, tail, orderBy };
}

function checkBound(value: number | null | undefined, name: string, max: number): number | null {
  if (value === undefined || value === null) return null;
  if (!Number.isInteger(value) || value < 0) throw validationFailed(`${name} doit être un entier positif ou nul.`);
  if (value > max) throw validationFailed(`${name} ne peut pas dépasser ${max}.`);
  return value;
}
