import { GraphQLObjectType, getNamedType, type GraphQLResolveInfo } from 'graphql';
import { ModuleSlug } from '@gdf/domain';
import { compileCountEstimate, type CountEstimate } from '../compiler/count-estimate';
import { compileAggregateJson, compileByPk, compileRootList } from '../compiler/select';
import { collectSelections, rawArgument, type FieldSelection, type SelectionSource } from '../compiler/selection';
import { SqlBuilder } from '../compiler/sql-builder';
import type { Lookup } from '../compiler/word-search';
import type { GraphqlContext } from '../context';
import type { TableName } from '../metadata/tables';
import { requireModule } from '../../modules/scope/scope';

/**
 * The first stage of a GraphQL read: a root field, or a whole operation, compiled to SQL
 * (compiler/) for the caller's scope. Both paths compile here: graphql-js's resolvers one
 * root field at a time (resolvers/root-query.ts), the direct path a whole operation
 * (plan.ts). Every check (module access, arguments, limits) happens
 * here, before any statement runs (run.ts).
 */

/** What a root query field reads: a list, one row by primary key, or an aggregate. */
export type RootFieldKind = 'list' | 'by_pk' | 'aggregate';

/**
 * A compiled root field: its statement and parameters, for the request's document,
 * variables and scope (the caller's structure and module access).
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
  /** What identical reads share (share.ts): statement and parameters, scope included. */
  readKey: string;
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

/** Compiles one root field to SQL (module check and every validation happen here). */
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
  };
}

/** The root field graphql-js is resolving, with its whole selection set, ready for the compiler. */
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
