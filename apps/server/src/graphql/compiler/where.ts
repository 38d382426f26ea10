import { validationFailed } from '../errors';
import { LIMITS } from '../limits';
import { TABLES, ident, type RelationMeta, type ScalarName, type TableName } from '../metadata/tables';
import { COMPARISON_OPERATORS, LIST_OPERATORS, PATTERN_OPERATORS } from '../schema/comparison-types';
import { KEY_LOOKUP } from './key-lookup';
import { SqlBuilder, and } from './sql-builder';
import { compileWordContains, isWordContainsPattern, wordTableOf } from './word-search';

/**
 * `<table>_bool_exp` -> SQL condition, Hasura semantics: several keys AND together,
 * `{}` and `_and: []` are true, `_or: []` is false, an explicit null is refused.
 * Identifiers come from the whitelist, operators from fixed maps, values are parameters.
 */
export function compileWhere(
  table: TableName,
  alias: string,
  where: unknown,
  b: SqlBuilder,
  depth = 0,
  negated = false,
): string {
  if (depth > LIMITS.maxWhereDepth)
    throw validationFailed(`Filtre trop imbriqué (au plus ${LIMITS.maxWhereDepth} niveaux).`);
  const expression = asObject(where, table);
  const parts: string[] = [];
  for (const [key, value] of Object.entries(expression)) {
    countNode(b);
    if (value === undefined) continue;
    if (value === null) throw validationFailed(`Valeur null interdite pour "${key}" dans le filtre de ${table}.`);
    parts.push(compileKey(table, alias, key, value, b, depth, negated));
  }
  return and(parts);
}

/** One key of a boolean expression: _and, _or, _not, a column's comparison or a relation's filter. */
function compileKey(
  table: TableName,
  alias: string,
  key: string,
  value: unknown,
  b: SqlBuilder,
  depth: number,
  negated: boolean,
): string {
  const meta = TABLES[table];
  if (key === '_and' || key === '_or') {
    const items = asList(value, key).map((item) => `(${compileWhere(table, alias, item, b, depth + 1, negated)})`);
    return items.length === 0 ? (key === '_and' ? 'TRUE' : 'FALSE') : items.join(key === '_and' ? ' AND ' : ' OR ');
  }
  if (key === '_not') return `NOT (${compileWhere(table, alias, value, b, depth + 1, !negated)})`;
  const columnMeta = meta.columns[key];
  if (columnMeta) {
    const column = `${alias}.${ident(key)}`;
    const comparison = compileComparison(column, columnMeta.type, value, b, wordTableOf(table, key));
    const visible = b.visibilityOf(table, alias, key);
    return visible ? hiddenComparison(comparison, value, visible) : comparison;
  }
  const relation = meta.relations[key];
  if (relation) return compileRelationFilter(relation, alias, value, b, depth, negated);
  throw validationFailed(`Champ "${key}" inconnu dans le filtre de ${table}.`);
}

/**
 * A related row exists, is visible to the caller, and matches. Usually EXISTS (exact
 * under _not). But PostgreSQL plans a selective filter on a related table (a user's
 * name, a federal code) as a hash join over every flux; so outside _not, an object
 * relation to a table that is not large becomes `local IN (SELECT unnest(ARRAY(keys)))`:
 * the matching keys are computed once, and their unknown count makes the planner walk
 * the flux index of that key. At the where's top, the keys are looked up before the
 * statement instead, so the planner knows their number (withKeyLookup, key-lookup.ts). It stays a join (or a hashed subplan under _or), never a
 * per-row search through a long array. (Under _not a NULL key would make the forms differ.)
 */
function compileRelationFilter(
  relation: RelationMeta,
  alias: string,
  filter: unknown,
  b: SqlBuilder,
  depth: number,
  negated: boolean,
): string {
  b.planSensitive = true;
  const inner = b.alias();
  const condition = and([
    b.scopeOf(relation.target, inner),
    compileWhere(relation.target, inner, filter, b, depth + 1),
  ]);
  const local = `${alias}.${ident(relation.localColumn)}`;
  const remote = `${inner}.${ident(relation.remoteColumn)}`;
  if (relation.kind === 'object' && !negated && !TABLES[relation.target].large) {
    const inStatement = `${local} IN (SELECT unnest(ARRAY(SELECT ${remote} FROM ${ident(relation.target)} ${inner} WHERE ${condition})))`;
    return withKeyLookup(relation, filter, b, depth, inStatement, local);
  }
  return `EXISTS (SELECT 1 FROM ${ident(relation.target)} ${inner} WHERE ${and([`${remote} = ${local}`, condition])})`;
}

/**
 * The relation filter with its keys looked up before the statement (key-lookup.ts) when
 * it is one of the statement's own filters (at its top or in one _and/_or), its keys are
 * integers and it needs no word lookup; else the subquery form alone.
 */
function withKeyLookup(
  relation: RelationMeta,
  filter: unknown,
  b: SqlBuilder,
  depth: number,
  inStatement: string,
  local: string,
): string {
  if (depth > 1 || b.insideKeyLookup || TABLES[relation.target].columns[relation.remoteColumn]?.type !== 'Int')
    return inStatement;
  const lookup = new SqlBuilder(b.scope);
  lookup.insideKeyLookup = true;
  const inner = lookup.alias();
  const condition = and([
    lookup.scopeOf(relation.target, inner),
    compileWhere(relation.target, inner, filter, lookup, depth + 1),
  ]);
  if (lookup.wordLookups.length > 0) return inStatement;
  const use = b.param(false, 'Boolean');
  const useIndex = b.params.length - 1;
  const keys = b.param(null, 'IntList');
  b.wordLookups.push({
    keysText: `SELECT ${inner}.${ident(relation.remoteColumn)} AS k FROM ${ident(relation.target)} ${inner} WHERE ${condition} LIMIT ${KEY_LOOKUP.maxKeys + 1}`,
    keysParams: lookup.params,
    useIndex,
    keysIndex: b.params.length - 1,
  });
  return `((${use} AND ${local} = ANY(${keys})) OR (NOT ${use} AND ${inStatement}))`;
}

/**
 * A comparison on a column a rule hides from the caller (scope-rules.ts COLUMN_RULES): a
 * hidden value compares as null, so it matches only `_is_null: true`. Written around the
 * plain comparison rather than on a CASE, so an index on the column still serves it.
 */
function hiddenComparison(comparison: string, value: unknown, visible: string): string {
  const asksNull = (value as Record<string, unknown>)._is_null === true;
  const onlyIsNull = Object.keys(value as object).every((operator) => operator === '_is_null');
  if (asksNull && onlyIsNull) return `(NOT (${visible}) OR ${comparison})`;
  // Any other operator is false on a null; `_is_null: true` with others is false when hidden too.
  return `(${visible}) AND (${comparison})`;
}

function compileComparison(
  column: string,
  type: ScalarName,
  comparison: unknown,
  b: SqlBuilder,
  wordTable?: string,
): string {
  const parts: string[] = [];
  for (const [operator, value] of Object.entries(asObject(comparison, type))) {
    countNode(b);
    if (value === undefined) continue;
    if (value === null) throw validationFailed(`Valeur null interdite pour ${operator} : utilisez _is_null.`);
    if (operator in COMPARISON_OPERATORS) {
      const sqlOperator = COMPARISON_OPERATORS[operator as keyof typeof COMPARISON_OPERATORS];
      parts.push(`${column} ${sqlOperator} ${b.param(checkValue(value, type), type)}`);
    } else if (operator in LIST_OPERATORS) {
      parts.push(compileList(column, operator as keyof typeof LIST_OPERATORS, value, type, b));
    } else if (operator === '_is_null') {
      parts.push(value === true ? `${column} IS NULL` : `${column} IS NOT NULL`);
    } else if (operator in PATTERN_OPERATORS && type === 'String') {
      parts.push(compilePattern(column, operator as keyof typeof PATTERN_OPERATORS, value, b, wordTable));
    } else {
      throw validationFailed(`Opérateur "${operator}" inconnu pour le type ${type}.`);
    }
  }
  return and(parts);
}

/** LIKE/ILIKE; "contains a word part" on a word-indexed column goes through its words. */
function compilePattern(
  column: string,
  operator: keyof typeof PATTERN_OPERATORS,
  value: unknown,
  b: SqlBuilder,
  wordTable: string | undefined,
): string {
  b.planSensitive = true;
  const pattern = checkPattern(value);
  if (wordTable && (operator === '_ilike' || operator === '_nilike') && isWordContainsPattern(pattern)) {
    const contains = compileWordContains(column, wordTable, pattern, b);
    return operator === '_ilike' ? contains : `NOT ${contains}`;
  }
  return `${column} ${PATTERN_OPERATORS[operator]} ${b.param(pattern, 'String')}`;
}

function compileList(
  column: string,
  operator: keyof typeof LIST_OPERATORS,
  values: unknown,
  type: ScalarName,
  b: SqlBuilder,
): string {
  const list = asList(values, operator);
  if (list.length > LIMITS.maxInListLength)
    throw validationFailed(`Liste ${operator} trop longue (au plus ${LIMITS.maxInListLength}).`);
  // Hasura: _in [] matches nothing, _nin [] everything.
  if (list.length === 0) return operator === '_in' ? 'FALSE' : 'TRUE';
  const placeholders = list.map((value) => {
    if (value === null) throw validationFailed(`Valeur null interdite dans ${operator}.`);
    return b.param(checkValue(value, type), type);
  });
  return `${column} ${LIST_OPERATORS[operator]} (${placeholders.join(', ')})`;
}

function checkValue(value: unknown, type: ScalarName): unknown {
  return type === 'String' ? checkText(value) : value;
}

/** Text values are bounded and NUL-free (PostgreSQL text cannot hold NUL). */
function checkText(value: unknown): string {
  if (typeof value !== 'string') throw validationFailed('Texte attendu.');
  if (value.length > LIMITS.maxStringLength)
    throw validationFailed(`Texte trop long (au plus ${LIMITS.maxStringLength} caractères).`);
  if (value.includes('\u0000')) throw validationFailed('Le caractère NUL est interdit.');
  return value;
}

/** A LIKE pattern must not end with a lone escape character (PostgreSQL would fail). */
function checkPattern(value: unknown): string {
  const pattern = checkText(value);
  const trailingBackslashes = /\\*$/.exec(pattern)?.[0].length ?? 0;
  if (trailingBackslashes % 2 === 1)
    throw validationFailed('Motif invalide : il ne peut pas finir par une barre oblique inverse seule.');
  return pattern;
}

function countNode(b: SqlBuilder): void {
  b.whereNodes += 1;
  if (b.whereNodes > LIMITS.maxWhereNodes)
    throw validationFailed(`Filtre trop grand (au plus ${LIMITS.maxWhereNodes} éléments).`);
}

function asObject(value: unknown, what: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw validationFailed(`Objet attendu pour ${what}.`);
  return value as Record<string, unknown>;
}

function asList(value: unknown, what: string): unknown[] {
  // graphql-js already coerced a single value to a list of one, as the spec says.
  if (!Array.isArray(value)) throw validationFailed(`Liste attendue pour ${what}.`);
  return value;
}
