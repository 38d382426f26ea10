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
  const page = { table, alias, where, orderBy, limit, offset };
  const walkWhere = limit === null ? null : boundedWalkWhere(args, options, page, limit);
  if (walkWhere !== null && limit !== null) {
    return { table, alias, tail: walkTail(b, options, page, walkWhere, limit), orderBy };
  }
  return { table, alias, tail: plainTail(b, page), orderBy };
}

/** One page of a list: its table and alias, its condition, order, limit and offset. */
interface Page {
  table: TableName;
  alias: string;
  where: string;
  orderBy: string[];
  limit: number | null;
  offset: number | null;
}

/** The where without its word conjuncts, when the page may stop early (bounded-walk.ts), else null. */
function boundedWalkWhere(args: ListArgs, options: RowSourceOptions, page: Page, limit: number): unknown {
  return options.boundedWalk && page.orderBy.length > 0 && limit + (page.offset ?? 0) <= WALK_MAX_PAGE_END
    ? withoutWordConjuncts(page.table, args.where)
    : null;
}

function walkTail(b: SqlBuilder, options: RowSourceOptions, page: Page, walkWhere: unknown, limit: number): string {
  const { table, alias, offset } = page;
  // The wider where is compiled a second time: its nodes do not count twice.
  const nodes = b.whereNodes;
  const wider = and([options.join?.(alias), b.scopeOf(table, alias), compileWhere(table, alias, walkWhere, b)]);
  b.whereNodes = nodes;
  return boundedWalkTail({
    table: ident(table),
    alias,
    where: page.where,
    walkWhere: wider,
    orderBy: page.orderBy.join(', '),
    limit: b.param(limit, 'Int'),
    offset: offset ? b.param(offset, 'Int') : null,
    end: b.param(limit + (offset ?? 0), 'Int'),
    walkRows: b.param(WALK_ROWS, 'Int'),
  });
}

function plainTail(b: SqlBuilder, { table, alias, where, orderBy, limit, offset }: Page): string {
  return [
    `FROM ${ident(table)} ${alias} WHERE ${where}`,
    orderBy.length > 0 ? `ORDER BY ${orderBy.join(', ')}` : '',
    limit === null ? '' : `LIMIT ${b.param(limit, 'Int')}`,
    offset ? `OFFSET ${b.param(offset, 'Int')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

function checkBound(value: number | null | undefined, name: string, max: number): number | null {
  if (value === undefined || value === null) return null;
  if (!Number.isInteger(value) || value < 0) throw validationFailed(`${name} doit être un entier positif ou nul.`);
  if (value > max) throw validationFailed(`${name} ne peut pas dépasser ${max}.`);
  return value;
}
