import { GraphQLObjectType, getNamedType, type GraphQLFieldResolver, type GraphQLResolveInfo } from 'graphql';
import { compileAggregateJson } from '../compiler/aggregate';
import { compileByPk, compileRootList } from '../compiler/select';
import { collectSelections, rawArgument, type FieldSelection, type SelectionSource } from '../compiler/selection';
import { SqlBuilder } from '../compiler/sql-builder';
import type { GraphqlContext } from '../context';
import { ModuleSlug } from '@gdf/domain';
import type { TableName } from '../metadata/tables';
import { requireModule } from '../../modules/scope/scope';
import { TtlCache } from '../ttl-cache';

type Resolver = GraphQLFieldResolver<unknown, GraphqlContext, Record<string, unknown>>;

/** The root field being resolved, with its whole selection set, ready for the compiler. */
export function rootSelection(
  info: GraphQLResolveInfo,
  context: GraphqlContext,
  args: Record<string, unknown>,
): FieldSelection {
  const source: SelectionSource = {
    fragments: info.fragments,
    variableValues: info.variableValues,
    rawVariables: context.rawVariables,
  };
  const returned = getNamedType(info.returnType);
  const first = info.fieldNodes[0];
  return {
    key: String(info.path.key),
    name: info.fieldName,
    args,
    rawOrderBy: first ? rawArgument(first, 'order_by', source) : undefined,
    selections: returned instanceof GraphQLObjectType ? collectSelections(returned, info.fieldNodes, source) : [],
  };
}

/**
 * Flux and their lines are the flux module's data: reading them needs that module, and a
 * blocked or non-affiliated structure is refused (issue 7), as the dashboard shows.
 * Seasons and structures stay readable (filters, invoice header).
 */
function requireTableModule(table: TableName, context: GraphqlContext): void {
  if (table === 'MKP_FluxFinancier' || table === 'MKP_FluxFinancierDetail')
    requireModule(context.scope, ModuleSlug.FluxFinanciers);
}

/** Runs one compiled statement; each row holds one JSON value `j`. */
async function jsonRows(context: GraphqlContext, text: string, params: unknown[]): Promise<unknown[]> {
  const rows = await context.database.query<{ j: unknown }>(text, params);
  return rows.map((row) => (typeof row.j === 'string' ? JSON.parse(row.j) : row.j));
}

export const listResolver =
  (table: TableName): Resolver =>
  async (_source, args, context, info) => {
    requireTableModule(table, context);
    const b = new SqlBuilder(context.scope);
    return jsonRows(context, compileRootList(table, rootSelection(info, context, args), b), b.params);
  };

export const byPkResolver =
  (table: TableName): Resolver =>
  async (_source, args, context, info) => {
    requireTableModule(table, context);
    const b = new SqlBuilder(context.scope);
    const rows = await jsonRows(context, compileByPk(table, rootSelection(info, context, args), b), b.params);
    return rows[0] ?? null;
  };

/**
 * Capped counts (`_aggregate(limit: …)`, the search's "plus de 10 000") are kept 5 s per
 * statement and parameters: the scope is part of both, so callers never share what they
 * may not see. Exact aggregates (no limit) are always computed.
 */
const cappedAggregates = new WeakMap<GraphqlContext['database'], TtlCache<unknown>>();

function cappedAggregateCache(database: GraphqlContext['database']): TtlCache<unknown> {
  let cache = cappedAggregates.get(database);
  if (!cache) cappedAggregates.set(database, (cache = new TtlCache<unknown>(2_000, 5_000)));
  return cache;
}

export const aggregateResolver =
  (table: TableName): Resolver =>
  async (_source, args, context, info) => {
    requireTableModule(table, context);
    const b = new SqlBuilder(context.scope);
    const json = compileAggregateJson(table, rootSelection(info, context, args), b);
    const text = `SELECT ${json} AS j`;
    const cacheKey =
      args.limit === undefined || args.limit === null ? null : `${text}\u0000${JSON.stringify(b.params)}`;
    const cache = cappedAggregateCache(context.database);
    const cached = cacheKey ? cache.get(cacheKey) : undefined;
    if (cached !== undefined) return cached;
    const [row] = await jsonRows(context, text, b.params);
    if (cacheKey) cache.set(cacheKey, row);
    return row;
  };

/** After a mutation: the written row, read back through the same scoped compiler. */
export async function readBack(
  table: TableName,
  id: number | null,
  context: GraphqlContext,
  info: GraphQLResolveInfo,
): Promise<unknown> {
  if (id === null) return null;
  const b = new SqlBuilder(context.scope);
  const field = { ...rootSelection(info, context, {}), args: { id } };
  const rows = await jsonRows(context, compileByPk(table, field, b), b.params);
  return rows[0] ?? null;
}
