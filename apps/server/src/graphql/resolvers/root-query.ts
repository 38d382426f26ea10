import { GraphQLObjectType, getNamedType, type GraphQLFieldResolver, type GraphQLResolveInfo } from 'graphql';
import { compileAggregateJson, compileByPk, compileRootList } from '../compiler/select';
import { collectSelections, rawArgument, type FieldSelection, type SelectionSource } from '../compiler/selection';
import { SqlBuilder } from '../compiler/sql-builder';
import type { GraphqlContext } from '../context';
import { ModuleSlug } from '@gdf/domain';
import type { TableName } from '../metadata/tables';
import { requireModule } from '../../modules/scope/scope';
import { TtlCache } from '../../lib/ttl-cache';
import { readCacheOf } from '../../db/read-cache';
import { withWordLookups, type Lookup } from '../compiler/word-search';
import { answerFromEstimate, compileCountEstimate, type CountEstimate } from '../compiler/count-estimate';

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
 * blocked or non-affiliated structure is refused (R-PERM-09), as the dashboard shows.
 * Seasons and structures stay readable (filters, invoice header).
 */
function requireTableModule(table: TableName, context: GraphqlContext): void {
  if (table === 'MKP_FluxFinancier' || table === 'MKP_FluxFinancierDetail')
    requireModule(context.scope, ModuleSlug.FluxFinanciers);
}

/**
 * Statement texts seen lately. A text is prepared (planned once per connection) from its
 * third run within a minute, when its plan does not depend on the values: the screens
 * send the same few shapes again and again; one-off and fuzzed shapes are never kept.
 */
const recentStatements = new TtlCache<number>(1_000, 60_000);
const PREPARE_FROM_RUN = 3;

/** What a root query field reads: a list, one row by primary key, or an aggregate. */
export type RootFieldKind = 'list' | 'by_pk' | 'aggregate';

/**
 * How long an identical read may be shared (db/read-cache.ts; writes clear it). Capped
 * counts are shared as long as any read (R-SEARCH-13): the search page asks a filter
 * set's count once, not on every page change (ADR 0018).
 */
const READ_TTL_MS = 1_000;

/** Runs one compiled statement; each row holds one JSON text `j`. */
async function jsonTexts(compiled: CompiledRootField, context: GraphqlContext): Promise<string[]> {
  const runs = (recentStatements.get(compiled.text) ?? 0) + 1;
  recentStatements.set(compiled.text, runs);
  const prepared = !compiled.planSensitive && runs >= PREPARE_FROM_RUN;
  const { estimate } = compiled;
  const settled =
    estimate && (await answerFromEstimate(context.database, estimate, await resolvedParams(estimate, context)));
  if (settled) return [settled];
  const params = await resolvedParams(compiled, context);
  const rows = await context.database.query<{ j: string }>(compiled.text, params, { prepared, read: true });
  return rows.map((row) => row.j);
}

/** The parameters with the statement's word lookups done (shared within the request). */
function resolvedParams(
  statement: { params: unknown[]; wordLookups: readonly Lookup[] },
  context: GraphqlContext,
): Promise<unknown[]> | unknown[] {
  return statement.wordLookups.length === 0
    ? statement.params
    : withWordLookups(context.database, statement.params, statement.wordLookups, context.wordLookups);
}

/**
 * A compiled root field: its statement and parameters. It depends only on the request's
 * document, variables and scope (the caller's structure and module access), so the
 * direct path may reuse it for identical requests.
 */
export interface CompiledRootField {
  kind: RootFieldKind;
  text: string;
  params: unknown[];
  planSensitive: boolean;
  /** Looked up before each run (the words of a "label contains" search). */
  wordLookups: readonly Lookup[];
  /** A capped count with `estimate: true`: the planner is asked first (count-estimate.ts). */
  estimate: CountEstimate | null;
  /** Identical reads share their result (statement and parameters, scope included). */
  readKey: string;
  readTtlMs: number;
}

/**
 * Compiles one root field to SQL (module check and every validation happen here, before
 * any statement runs).
 */
export function compileRootField(
  table: TableName,
  kind: RootFieldKind,
  field: FieldSelection,
  context: GraphqlContext,
): CompiledRootField {
  requireTableModule(table, context);
  const b = new SqlBuilder(context.scope);
  const text =
    kind === 'list'
      ? compileRootList(table, field, b)
      : kind === 'by_pk'
        ? compileByPk(table, field, b)
        : `SELECT (${compileAggregateJson(table, field, b)})::text AS j`;
  const estimate =
    kind === 'aggregate' && (field.args.estimate === true || field.args.estimateOnly === true)
      ? compileCountEstimate(table, field, context.scope)
      : null;
  return {
    kind,
    text,
    params: b.params,
    planSensitive: b.planSensitive,
    wordLookups: b.wordLookups,
    estimate,
    readKey: `${text}\u0000${JSON.stringify(b.params)}${estimate ? `\u0000estimate${estimate.unsettledJson ? ' only' : ''}` : ''}`,
    readTtlMs: READ_TTL_MS,
  };
}

/**
 * The field's JSON text, built by PostgreSQL; shared with identical reads unless the
 * context asks for fresh reads.
 */
export function runRootField(compiled: CompiledRootField, context: GraphqlContext): Promise<string> {
  const execute = async () => {
    // A request's root fields share a few connections (LIMITS.statementsPerRequest), not the pool.
    const texts = await (context.statements ? context.statements.run(run) : run());
    return compiled.kind === 'list' ? `[${texts.join(',')}]` : (texts[0] ?? 'null');
  };
  const run = () => jsonTexts(compiled, context);
  if (context.freshReads) return execute();
  return readCacheOf(context.database).read(compiled.readKey, compiled.readTtlMs, execute);
}

/** The executor's resolver for a root field: the same compiled statement, parsed. */
export const rootFieldResolver =
  (table: TableName, kind: RootFieldKind): Resolver =>
  async (_source, args, context, info) =>
    JSON.parse(await runRootField(compileRootField(table, kind, rootSelection(info, context, args), context), context));

/** After a mutation: the written row, read back through the same scoped compiler. */
export async function readBack(
  table: TableName,
  id: number | null,
  context: GraphqlContext,
  info: GraphQLResolveInfo,
): Promise<unknown> {
  if (id === null) return null;
  const field = { ...rootSelection(info, context, {}), args: { id } };
  // Never a shared read: the row as this mutation left it.
  const fresh = { ...context, freshReads: true };
  return JSON.parse(await runRootField(compileRootField(table, 'by_pk', field, fresh), fresh));
}
