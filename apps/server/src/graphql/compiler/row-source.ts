import { validationFailed } from '../errors';
import { LIMITS } from '../limits';
import { ident, type TableName } from '../metadata/tables';
import { compileOrderBy } from './order-by';
import { and, type SqlBuilder } from './sql-builder';
import { compileWhere } from './where';
import { WALK_MAX_PAGE_END, WALK_ROWS, boundedWalkTail, withoutWordConjuncts } from './bounded-walk';

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
  /** Root lists: a page of a "label contains a word" search stops early (bounded-walk.ts). */
  boundedWalk?: boolean;
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
  const walkWhere =
    options.boundedWalk && orderBy.length > 0 && limit !== null && limit + (offset ?? 0) <= WALK_MAX_PAGE_END
      ? withoutWordConjuncts(table, args.where)
      : null;
  if (walkWhere !== null && limit !== null) {
    // The wider where is compiled a second time: its nodes do not count twice.
    const nodes = b.whereNodes;
    const wider = and([options.join?.(alias), b.scopeOf(table, alias), compileWhere(table, alias, walkWhere, b)]);
    b.whereNodes = nodes;
    const tail = boundedWalkTail({
      table: ident(table),
      alias,
      where,
      walkWhere: wider,
      orderBy: orderBy.join(', '),
      limit: b.param(limit, 'Int'),
      offset: offset ? b.param(offset, 'Int') : null,
      end: b.param(limit + (offset ?? 0), 'Int'),
      walkRows: b.param(WALK_ROWS, 'Int'),
    });
    return { table, alias, tail, orderBy };
  }
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
