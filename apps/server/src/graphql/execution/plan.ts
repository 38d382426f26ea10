import {
  Kind,
  getVariableValues,
  type DocumentNode,
  type FieldNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { collectRootFields, fieldSelection, type SelectionSource } from '../compiler/selection';
import type { GraphqlContext } from '../context';
import { rootFieldTarget } from '../schema/build-schema';
import { compileRootField, type CompiledRootField } from './compile';

/** A whole query operation compiled: one statement per root field, in response order. */
export interface OperationPlan {
  fields: Array<{ key: string; nodes: readonly FieldNode[]; compiled: CompiledRootField }>;
}

/**
 * The operation compiled now (ADR 0040: plans are not kept; compiling a search costs
 * ~0.15 ms of the server's CPU, and on varied searches the same document, variables and
 * scope rarely come back), or null when graphql-js's executor must answer: variables that
 * do not coerce, a field the direct path does not know, any error found while compiling
 * (the executor reports it, with its path).
 */
export function operationPlan(
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
