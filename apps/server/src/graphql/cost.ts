import {
  GraphQLObjectType,
  Kind,
  getNamedType,
  getNullableType,
  isListType,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { LIMITS } from './limits';
import { TABLES, type TableName } from './metadata/tables';

/**
 * What an operation will cost, computed from its text and variables BEFORE anything runs
 * (no SQL, no selection tree), so a crafted query is refused in microseconds. One unit is
 * about 2.5 µs of work on the embedded engine (PGlite, measured on the demo data): one
 * JSON value built. The weights below are those measurements, rounded:
 * - every root field is one statement to plan and run;
 * - every row of a list (root list, array relation, aggregate nodes) costs ROW plus what
 *   is selected on it; rows are the `limit`, or the list's default page when there is
 *   none (LIMITS.maxRows at the root, LIMITS.maxNestedRows nested), never more than the
 *   table can hold (`rowBound`); aliases and fragments are counted once per use;
 * - an object relation is one correlated lookup (a subquery and its JSON: ~40 µs);
 * - an aggregate scans `limit` rows, or the default page, per value it computes;
 * - every node of a where (keys and list items) and every row an offset skips;
 * - every field of the expanded selection, once whatever the rows: compiling it to SQL
 *   (~25 µs), so 70,000 aliased columns on one row are not a cheap query.
 */
export const COST = {
  rootField: 500,
  row: 3,
  scalar: 1,
  relation: 15,
  aggregateScanPerValue: 0.2,
  whereNode: 10,
  offsetRow: 0.05,
  compiledField: 10,
} as const;

/**
 * The budget: the heaviest accepted query runs for about 1 s on PGlite with the demo
 * data (the 5,000-row batch of the 'Tous' export costs ~210,000). See ADR 0008.
 */
export const COST_BUDGET = 400_000;

/** From this cost a query is "heavy": a user runs only a few of those at once. */
export const HEAVY_QUERY_COST = 50_000;

/** The most rows a table can hold right now (an upper bound: its largest id). */
export type RowBound = (table: TableName) => number;

/** Unknown table sizes count as full: the cost is then what the limits alone allow. */
const unboundedRows: RowBound = () => Number.POSITIVE_INFINITY;

interface Walk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  rowBound: RowBound;
  /** Cost and fields of a fragment on a type, computed once: a fan-out of fragments stays linear. */
  memo: Map<string, { cost: number; fields: number }>;
  inProgress: Set<string>;
  /** Fields of the expanded selection (each compiled once, whatever the rows). */
  fields: number;
}

/**
 * The operation's cost. Robust to documents that do not validate (unknown fields cost
 * nothing, fragment cycles are cut): it may run before validation.
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  rowBound: RowBound = unboundedRows,
): number {
  const root = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  if (!root) return 0;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const walk: Walk = { schema, fragments, variables, rowBound, memo: new Map(), inProgress: new Set(), fields: 0 };
  const cost = selectionSetCost(root, operation.selectionSet, walk, true);
  return cost + walk.fields * COST.compiledField;
}

function selectionSetCost(type: GraphQLObjectType, set: SelectionSetNode, walk: Walk, atRoot: boolean): number {
  let total = 0;
  const spread = new Set<string>();
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) total += fieldCost(type, selection, walk, atRoot);
    else if (selection.kind === Kind.INLINE_FRAGMENT)
      total += selectionSetCost(type, selection.selectionSet, walk, atRoot);
    else if (!spread.has(selection.name.value)) {
      // The same fragment twice in one selection set merges into the same fields.
      spread.add(selection.name.value);
      total += fragmentCost(type, selection.name.value, walk, atRoot);
    }
  }
  return total;
}

function fragmentCost(type: GraphQLObjectType, name: string, walk: Walk, atRoot: boolean): number {
  const key = `${type.name}\u0000${name}\u0000${atRoot}`;
  const known = walk.memo.get(key);
  if (known !== undefined) {
    walk.fields += known.fields;
    return known.cost;
  }
  const fragment = walk.fragments.get(name);
  if (!fragment || fragment.typeCondition.name.value !== type.name || walk.inProgress.has(key)) return 0;
  walk.inProgress.add(key);
  const fieldsBefore = walk.fields;
  const cost = selectionSetCost(type, fragment.selectionSet, walk, atRoot);
  walk.inProgress.delete(key);
  walk.memo.set(key, { cost, fields: walk.fields - fieldsBefore });
  return cost;
}

function fieldCost(parent: GraphQLObjectType, node: FieldNode, walk: Walk, atRoot: boolean): number {
  walk.fields += 1;
  const name = node.name.value;
  if (name.startsWith('__')) return COST.scalar; // introspection has its own gate
  const definition = parent.getFields()[name];
  if (!definition) return 0;
  const named = getNamedType(definition.type);
  const statement = atRoot ? COST.rootField : 0;
  if (!(named instanceof GraphQLObjectType)) return statement + COST.scalar;
  const children = () => (node.selectionSet ? selectionSetCost(named, node.selectionSet, walk, false) : 0);
  const args = listArguments(node, walk.variables);
  const aggregated = tableOf(named.name.replace(/_aggregate$/, ''));
  if (named.name.endsWith('_aggregate') && aggregated)
    return statement + aggregateCost(named, node, aggregated, args, walk, atRoot);
  const table = tableOf(named.name);
  if (table && isListType(getNullableType(definition.type))) {
    const rows = pageRows(table, args.limit, atRoot ? LIMITS.maxRows : LIMITS.maxNestedRows, walk);
    return statement + COST.relation + listExtras(args) + rows * (COST.row + children());
  }
  if (table) return statement + COST.relation + children(); // object relation, <table>_by_pk, a mutation's row
  return statement + children(); // the aggregate's count/sum/... groups
}

function aggregateCost(
  type: GraphQLObjectType,
  node: FieldNode,
  table: TableName,
  args: ListArguments,
  walk: Walk,
  atRoot: boolean,
): number {
  let total = COST.relation + listExtras(args);
  const rows = pageRows(table, args.limit, LIMITS.maxRows, walk);
  for (const field of fieldsOf(node.selectionSet, walk, new Set())) {
    const part: SelectionSetNode = { kind: Kind.SELECTION_SET, selections: [field] };
    if (field.name.value === 'aggregate') {
      const values = selectionSetCost(type, part, walk, false);
      total += rows * COST.aggregateScanPerValue * Math.max(1, values);
    } else if (field.name.value === 'nodes') {
      const nodeRows = pageRows(table, args.limit, atRoot ? LIMITS.maxRows : LIMITS.maxNestedRows, walk);
      const rowType = walk.schema.getType(table);
      const perRow =
        field.selectionSet && rowType instanceof GraphQLObjectType
          ? selectionSetCost(rowType, field.selectionSet, walk, false)
          : 0;
      total += nodeRows * (COST.row + perRow);
    } else total += selectionSetCost(type, part, walk, false);
  }
  return total;
}

/** The fields of a selection set, through its fragments (each fragment once). */
function fieldsOf(set: SelectionSetNode | undefined, walk: Walk, seen: Set<string>): FieldNode[] {
  const fields: FieldNode[] = [];
  for (const selection of set?.selections ?? []) {
    if (selection.kind === Kind.FIELD) fields.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT) fields.push(...fieldsOf(selection.selectionSet, walk, seen));
    else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      fields.push(...fieldsOf(walk.fragments.get(selection.name.value)?.selectionSet, walk, seen));
    }
  }
  return fields;
}

function pageRows(table: TableName, limit: number | null, defaultRows: number, walk: Walk): number {
  return Math.max(0, Math.min(limit ?? defaultRows, walk.rowBound(table)));
}

function listExtras(args: ListArguments): number {
  return args.whereNodes * COST.whereNode + (args.offset ?? 0) * COST.offsetRow;
}

function tableOf(typeName: string): TableName | null {
  return Object.hasOwn(TABLES, typeName) ? (typeName as TableName) : null;
}

interface ListArguments {
  limit: number | null;
  offset: number | null;
  /** Keys and list items of the where, however they were written. */
  whereNodes: number;
}

function listArguments(node: FieldNode, variables: Record<string, unknown>): ListArguments {
  const argument = (name: string) => node.arguments?.find((arg) => arg.name.value === name)?.value;
  return {
    limit: integerValue(argument('limit'), variables),
    offset: integerValue(argument('offset'), variables),
    whereNodes: valueSize(argument('where'), variables),
  };
}

function integerValue(value: ValueNode | undefined, variables: Record<string, unknown>): number | null {
  if (!value) return null;
  const raw = value.kind === Kind.VARIABLE ? variables[value.name.value] : value.kind === Kind.INT ? value.value : null;
  const number = typeof raw === 'string' ? Number(raw) : raw;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 ? number : null;
}

/** Object keys and list items, in the literal and in the variables it uses. */
function valueSize(value: ValueNode | undefined, variables: Record<string, unknown>): number {
  if (!value) return 0;
  switch (value.kind) {
    case Kind.VARIABLE:
      return jsonSize(variables[value.name.value]);
    case Kind.OBJECT:
      return value.fields.reduce((sum, field) => sum + 1 + valueSize(field.value, variables), 0);
    case Kind.LIST:
      return value.values.reduce((sum, item) => sum + 1 + valueSize(item, variables), 0);
    default:
      return 0;
  }
}

function jsonSize(value: unknown): number {
  if (Array.isArray(value)) return value.reduce<number>((sum, item) => sum + 1 + jsonSize(item), 0);
  if (value !== null && typeof value === 'object')
    return Object.values(value).reduce<number>((sum, item) => sum + 1 + jsonSize(item), 0);
  return 0;
}
