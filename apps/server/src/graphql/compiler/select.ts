import { validationFailed } from '../errors';
import { LIMITS } from '../limits';
import { TABLES, ident, type RelationMeta, type TableName } from '../metadata/tables';
import { compileAggregateFields } from './aggregate';
import { jsonScalar } from './json-scalar';
import { rowSource, type ListArgs } from './row-source';
import type { FieldSelection } from './selection';
import { and, jsonObject, type SqlBuilder } from './sql-builder';

/** One row as JSON keyed by response keys (aliases), relations as correlated subqueries. */
function compileRowJson(table: TableName, alias: string, selections: FieldSelection[], b: SqlBuilder): string {
  return jsonObject(selections.map((field) => `${b.key(field.key)}, ${compileFieldValue(table, alias, field, b)}`));
}

function compileFieldValue(table: TableName, alias: string, field: FieldSelection, b: SqlBuilder): string {
  const meta = TABLES[table];
  const column = meta.columns[field.name];
  if (column) return jsonScalar(b.column(table, alias, field.name), column.type);
  const relation = meta.relations[field.name];
  if (relation?.kind === 'object') return compileObjectRelation(relation, alias, field, b);
  if (relation?.kind === 'array') return compileArrayJson(relation.target, field, b, joinOn(relation, alias));
  const aggregated = field.name.endsWith('_aggregate')
    ? meta.relations[field.name.slice(0, -'_aggregate'.length)]
    : undefined;
  if (aggregated?.kind === 'array') return compileAggregateJson(aggregated.target, field, b, joinOn(aggregated, alias));
  throw validationFailed(`Champ "${field.name}" inconnu sur ${table}.`);
}

const joinOn = (relation: RelationMeta, parentAlias: string) => (alias: string) =>
  `${alias}.${ident(relation.remoteColumn)} = ${parentAlias}.${ident(relation.localColumn)}`;

function compileObjectRelation(
  relation: RelationMeta,
  parentAlias: string,
  field: FieldSelection,
  b: SqlBuilder,
): string {
  const alias = b.alias();
  const where = and([joinOn(relation, parentAlias)(alias), b.scopeOf(relation.target, alias)]);
  const row = compileRowJson(relation.target, alias, field.selections, b);
  return `(SELECT ${row} FROM ${ident(relation.target)} ${alias} WHERE ${where} LIMIT 1)`;
}

/**
 * A JSON array of rows, in order: row_number() carries the order into json_agg, which
 * does not promise to keep its input's order otherwise.
 */
function compileArrayJson(
  table: TableName,
  field: FieldSelection,
  b: SqlBuilder,
  join?: (alias: string) => string,
): string {
  const source = rowSource(table, field.args as ListArgs, field.rawOrderBy, b, {
    join,
    defaultLimit: join ? LIMITS.maxNestedRows : LIMITS.maxRows,
    defaultOrder: true,
  });
  const row = compileRowJson(table, source.alias, field.selections, b);
  return `(SELECT coalesce(json_agg(s.j ORDER BY s.o), '[]'::json) FROM (SELECT ${row} AS j, row_number() OVER (ORDER BY ${source.orderBy.join(', ')}) AS o ${source.tail}) s)`;
}

/**
 * The root list query, as a deferred join: the filtered, ordered, paged ids first (only
 * what the filter and sort need: no JSON for rows an OFFSET skips), then one JSON object
 * (as text) per kept row, in that order.
 */
export function compileRootList(table: TableName, field: FieldSelection, b: SqlBuilder): string {
  const source = rowSource(table, field.args as ListArgs, field.rawOrderBy, b, {
    defaultLimit: LIMITS.maxRows,
    boundedWalk: true,
  });
  const alias = b.alias();
  const row = compileRowJson(table, alias, field.selections, b);
  return `SELECT (${row})::text AS j FROM unnest(ARRAY(SELECT ${source.alias}.id ${source.tail})) WITH ORDINALITY AS k(id, o)
    JOIN ${ident(table)} ${alias} ON ${alias}.id = k.id ORDER BY k.o`;
}

/** `<table>_by_pk(id)`: the row (JSON text) if it exists and the caller may see it. */
export function compileByPk(table: TableName, field: FieldSelection, b: SqlBuilder): string {
  const alias = b.alias();
  const id = field.args.id;
  const where = and([`${alias}.id = ${b.param(id, 'Int')}`, b.scopeOf(table, alias)]);
  return `SELECT (${compileRowJson(table, alias, field.selections, b)})::text AS j FROM ${ident(table)} ${alias} WHERE ${where}`;
}

/**
 * `<table>_aggregate(where, order_by, limit, offset) { aggregate { count sum {...} } nodes }`
 * as one JSON expression. As in Hasura, limit bounds the rows aggregated: a count with
 * `limit: 10001` is the capped total the flux page shows as "plus de 10 000".
 */
export function compileAggregateJson(
  table: TableName,
  field: FieldSelection,
  b: SqlBuilder,
  join?: (alias: string) => string,
): string {
  const pairs = field.selections.map((selection) => {
    if (selection.name === 'aggregate')
      return `${b.key(selection.key)}, ${compileAggregateFields(table, field, selection, b, join)}`;
    if (selection.name === 'nodes') {
      return `${b.key(selection.key)}, ${compileArrayJson(table, { ...field, selections: selection.selections }, b, join)}`;
    }
    throw validationFailed(`Champ "${selection.name}" inconnu sur ${table}_aggregate.`);
  });
  return jsonObject(pairs);
}
