import {
  Kind,
  getVariableValues,
  locatedError,
  visit,
  type DocumentNode,
  type FieldNode,
  type GraphQLError,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { collectRootFields, fieldSelection, type SelectionSource } from '../compiler/selection';
import type { GraphqlContext } from '../context';
import { ModuleSlug } from '@gdf/domain';
import { TtlCache } from '../../lib/ttl-cache';
import { moduleRefusal } from '../../modules/scope/scope';
import { compileRootField, runRootField, type CompiledRootField } from '../resolvers/root-query';
import { rootFieldTarget } from '../schema/build-schema';

/**
 * Read-only operations answered without graphql-js's executor, as Hasura does: every
 * root field is one SQL statement whose JSON PostgreSQL builds already keyed by response
 * key, in selection order, with scalars in their serialised form (json-scalar.ts), so
 * the response is the concatenation of those JSON texts. The executor would only parse
 * that JSON, walk it field by field and serialise it again: on the flux search this
 * path is what lets one core serve thousands of requests per second.
 *
 * Anything it does not cover returns null and takes the executor path, which then gives
 * the same answer or the same errors: mutations, introspection and `__typename`,
 * variables that do not coerce, and any error found while compiling. Errors raised by
 * PostgreSQL are reported like the executor reports them (one per root field).
 */
export type DirectResult = { ok: true; json: string } | { ok: false; errors: GraphQLError[] };

const eligibleOperations = new WeakMap<OperationDefinitionNode, boolean>();

/** How many operations each path answered (observability, and tests that check the path taken). */
export const directExecutionStats = { direct: 0, executor: 0 };

export async function executeDirectly(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  context: GraphqlContext,
): Promise<DirectResult | null> {
  const result = await tryDirectly(schema, document, operation, context);
  directExecutionStats[result ? 'direct' : 'executor'] += 1;
  return result;
}

interface DirectPlan {
  fields: Array<{ key: string; nodes: readonly FieldNode[]; compiled: CompiledRootField }>;
}

/**
 * Compiled plans per operation, keyed by what compilation depends on: the variables and
 * the scope (structure, its kind, unrestricted or not, and whether the flux module is
 * open to it). The screens repeat the same requests: they skip coercion and compilation.
 */
const plans = new WeakMap<OperationDefinitionNode, TtlCache<DirectPlan>>();

function planKey(context: GraphqlContext): string {
  const { scope } = context;
  const fluxAccess = moduleRefusal(scope, ModuleSlug.FluxFinanciers) ?? 'ok';
  return `${scope.unrestricted}|${scope.currentStructureId}|${scope.currentStructureType}|${fluxAccess}|${JSON.stringify(context.rawVariables)}`;
}

async function tryDirectly(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  context: GraphqlContext,
): Promise<DirectResult | null> {
  if (!isEligible(document, operation)) return null;
  let cache = plans.get(operation);
  if (!cache) plans.set(operation, (cache = new TtlCache<DirectPlan>(200, 60_000)));
  const key = planKey(context);
  let plan = cache.get(key);
  if (!plan) {
    const compiled = compilePlan(schema, document, operation, context);
    if (!compiled) return null;
    cache.set(key, (plan = compiled));
  }

  const { fields } = plan;
  const settled = await Promise.allSettled(fields.map((field) => runRootField(field.compiled, context)));
  const errors: GraphQLError[] = [];
  const parts: string[] = [];
  settled.forEach((outcome, index) => {
    const { key: responseKey, nodes } = fields[index] as DirectPlan['fields'][number];
    if (outcome.status === 'fulfilled') parts.push(`${JSON.stringify(responseKey)}:${outcome.value}`);
    else errors.push(locatedError(outcome.reason, nodes, [responseKey]));
  });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, json: `{"data":{${parts.join(',')}}}` };
}

/** Every root field compiled, or null when the executor must answer (see above). */
function compilePlan(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  context: GraphqlContext,
): DirectPlan | null {
  const rootType = schema.getQueryType();
  if (!rootType) return null;
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], context.rawVariables, {
    maxErrors: 20,
  });
  if (coerced.errors) return null;
  const source: SelectionSource = {
    fragments: fragmentsOf(document),
    variableValues: coerced.coerced,
    rawVariables: context.rawVariables,
  };
  const fields: DirectPlan['fields'] = [];
  try {
    for (const [key, nodes] of collectRootFields(rootType, operation.selectionSet, source)) {
      const target = rootFieldTarget(rootType.getFields()[nodes[0]?.name.value ?? '']);
      if (!target) return null;
      const selection = fieldSelection(rootType, key, nodes, source);
      fields.push({ key, nodes, compiled: compileRootField(target.table, target.kind, selection, context) });
    }
  } catch {
    return null; // the executor reports it, with its path
  }
  return { fields };
}

/** A query without introspection or __typename anywhere (those need the executor). */
function isEligible(document: DocumentNode, operation: OperationDefinitionNode): boolean {
  let eligible = eligibleOperations.get(operation);
  if (eligible === undefined) {
    eligible = operation.operation === 'query';
    if (eligible) {
      visit(document, {
        Field(node) {
          if (node.name.value.startsWith('__')) eligible = false;
        },
      });
    }
    eligibleOperations.set(operation, eligible);
  }
  return eligible;
}

function fragmentsOf(document: DocumentNode): SelectionSource['fragments'] {
  const fragments: SelectionSource['fragments'] = {};
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  return fragments;
}
