import {
  Kind,
  getVariableValues,
  type DocumentNode,
  type FieldNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { ModuleSlug } from '@gdf/domain';
import { collectRootFields, fieldSelection, type SelectionSource } from '../compiler/selection';
import type { GraphqlContext } from '../context';
import { rootFieldTarget } from '../schema/build-schema';
import { TtlCache } from '../../lib/ttl-cache';
import { moduleRefusal } from '../../modules/scope/scope';
import { compileRootField, type CompiledRootField } from './compile';

/** A whole query operation compiled: one statement per root field, in response order. */
export interface OperationPlan {
  fields: Array<{ key: string; nodes: readonly FieldNode[]; compiled: CompiledRootField }>;
}

/**
 * Compiled plans per operation, keyed by what compilation depends on: the variables and
 * the scope (structure, its kind, unrestricted or not, and whether the flux module is
 * open to it). The screens repeat the same requests: they skip coercion and compilation.
 * Plans hold no data, only SQL and its parameters (word and key lookups run with every
 * statement), so no write makes one stale; an operation's plans go with its document.
 */
const plans = new WeakMap<OperationDefinitionNode, TtlCache<OperationPlan>>();
const PLANS_PER_OPERATION = 200;
const PLAN_TTL_MS = 60_000;

export function planKey(context: GraphqlContext): string {
  const { scope } = context;
  const fluxAccess = moduleRefusal(scope, ModuleSlug.FluxFinanciers) ?? 'ok';
  return `${scope.unrestricted}|${scope.currentStructureId}|${scope.currentStructureType}|${fluxAccess}|${JSON.stringify(context.rawVariables)}`;
}

/**
 * The operation's plan (kept, or compiled now), or null when graphql-js's executor must
 * answer: variables that do not coerce, a field the direct path does not know, any error
 * found while compiling (the executor reports it, with its path).
 */
export function operationPlan(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  context: GraphqlContext,
): OperationPlan | null {
  if (context.cachesOff?.has('plans')) return compileOperation(schema, document, operation, context);
  let cache = plans.get(operation);
  if (!cache) plans.set(operation, (cache = new TtlCache<OperationPlan>(PLANS_PER_OPERATION, PLAN_TTL_MS)));
  const key = planKey(context);
  const kept = cache.get(key);
  if (kept) return kept;
  const compiled = compileOperation(schema, document, operation, context);
  if (compiled) cache.set(key, compiled);
  return compiled;
}

function compileOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  context: GraphqlContext,
): OperationPlan | null {
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
  const fields: OperationPlan['fields'] = [];
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

function fragmentsOf(document: DocumentNode): SelectionSource['fragments'] {
  const fragments: SelectionSource['fragments'] = {};
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  return fragments;
}
