import {
  GraphQLIncludeDirective,
  GraphQLObjectType,
  GraphQLSkipDirective,
  Kind,
  getArgumentValues,
  getDirectiveValues,
  getNamedType,
  valueFromASTUntyped,
  type FieldNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { validationFailed } from '../errors';
import { LIMITS } from '../limits';

/** One requested field, with its arguments, as the SQL compiler consumes it. */
export interface FieldSelection {
  /** The response key: the alias, or the field name. */
  key: string;
  name: string;
  /** Arguments coerced by graphql-js (types already checked). */
  args: Record<string, unknown>;
  /** order_by as written (object keys in the caller's order, which coercion loses). */
  rawOrderBy: unknown;
  selections: FieldSelection[];
}

export interface SelectionSource {
  fragments: Record<string, FragmentDefinitionNode>;
  /** Coerced variables, as graphql-js executes with them. */
  variableValues: Record<string, unknown>;
  /** Variables as sent (JSON key order preserved). */
  rawVariables: Record<string, unknown>;
}

/**
 * The fields under `nodes`, merged by response key and with fragments and @skip/@include
 * applied exactly as graphql-js executes them, so the JSON built in SQL has every key
 * the executor reads.
 */
export function collectSelections(
  parentType: GraphQLObjectType,
  nodes: readonly FieldNode[],
  source: SelectionSource,
  depth = 1,
): FieldSelection[] {
  const groups = new Map<string, FieldNode[]>();
  for (const node of nodes) if (node.selectionSet) collectInto(parentType, node.selectionSet, source, groups);
  const selections: FieldSelection[] = [];
  for (const [key, fieldNodes] of groups) {
    if (fieldNodes[0]?.name.value.startsWith('__')) continue; // __typename: answered by graphql-js itself
    selections.push(fieldSelection(parentType, key, fieldNodes, source, depth));
  }
  return selections;
}

/** The fields of an operation's root selection set, grouped by response key. */
export function collectRootFields(
  rootType: GraphQLObjectType,
  selectionSet: SelectionSetNode,
  source: SelectionSource,
): Map<string, FieldNode[]> {
  const groups = new Map<string, FieldNode[]>();
  collectInto(rootType, selectionSet, source, groups);
  return groups;
}

/** One field (all its nodes under one response key) with coerced arguments and sub-selections. */
export function fieldSelection(
  parentType: GraphQLObjectType,
  key: string,
  fieldNodes: readonly FieldNode[],
  source: SelectionSource,
  depth = 0,
): FieldSelection {
  const first = fieldNodes[0] as FieldNode;
  const name = first.name.value;
  const definition = parentType.getFields()[name];
  if (!definition) throw validationFailed(`Champ inconnu : ${name}`);
  const named = getNamedType(definition.type);
  let children: FieldSelection[] = [];
  if (named instanceof GraphQLObjectType) {
    if (depth >= LIMITS.maxSelectionDepth) {
      throw validationFailed(`Requête trop profonde (au plus ${LIMITS.maxSelectionDepth} niveaux de relations).`);
    }
    children = collectSelections(named, fieldNodes, source, depth + 1);
  }
  return {
    key,
    name,
    args: getArgumentValues(definition, first, source.variableValues),
    rawOrderBy: rawArgument(first, 'order_by', source),
    selections: children,
  };
}

export function rawArgument(node: FieldNode, name: string, source: SelectionSource): unknown {
  const argument = node.arguments?.find((arg) => arg.name.value === name);
  return argument ? valueFromASTUntyped(argument.value, source.rawVariables) : undefined;
}

function collectInto(
  parentType: GraphQLObjectType,
  selectionSet: SelectionSetNode,
  source: SelectionSource,
  groups: Map<string, FieldNode[]>,
): void {
  for (const selection of selectionSet.selections) {
    if (!isIncluded(selection, source.variableValues)) continue;
    if (selection.kind === Kind.FIELD) {
      const key = selection.alias?.value ?? selection.name.value;
      groups.set(key, [...(groups.get(key) ?? []), selection]);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (selection.typeCondition && selection.typeCondition.name.value !== parentType.name) continue;
      collectInto(parentType, selection.selectionSet, source, groups);
    } else {
      const fragment = source.fragments[selection.name.value];
      if (!fragment || fragment.typeCondition.name.value !== parentType.name) continue;
      collectInto(parentType, fragment.selectionSet, source, groups);
    }
  }
}

function isIncluded(node: SelectionSetNode['selections'][number], variables: Record<string, unknown>): boolean {
  if (getDirectiveValues(GraphQLSkipDirective, node, variables)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, node, variables)?.if !== false;
}
