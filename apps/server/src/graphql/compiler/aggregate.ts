import { validationFailed } from '../errors';
import { LIMITS } from '../limits';
import { TABLES, ident, type TableName } from '../metadata/tables';
import { AGGREGATE_FUNCTIONS, type AggregateFunction } from '../schema/table-types';
import { jsonScalar } from './json-scalar';
import { rowSource, type ListArgs } from './row-source';
import type { FieldSelection } from './selection';
import { jsonObject, type SqlBuilder } from './sql-builder';

/** The `aggregate { count sum {...} }` object of `<table>_aggregate`, over the rows of its source. */
export function compileAggregateFields(
  table: TableName,
  field: FieldSelection,
  aggregate: FieldSelection,
  b: SqlBuilder,
  join?: (alias: string) => string,
): string {
  const needed = new Set<string>();
  const computed = new Set<string>();
  const column = (name: string) => {
    if (!TABLES[table].columns[name]) throw validationFailed(`Colonne "${name}" inconnue sur ${table}.`);
    needed.add(name);
    return `s.${ident(name)}`;
  };
  const pairs = aggregate.selections.map((selection) => {
    if (selection.name === 'count') return `${b.key(selection.key)}, ${countExpression(selection, column)}`;
    const fn = selection.name as AggregateFunction;
    if (!(fn in AGGREGATE_FUNCTIONS)) throw validationFailed(`Agrégat "${selection.name}" inconnu.`);
    const inner = selection.selections.map((target) => {
      if (fn === 'sum' && TABLES[table].computedSums?.[target.name]) {
        computed.add(target.name);
        return `${b.key(target.key)}, ${jsonScalar(`sum(s.${ident(target.name)})`, 'numeric')}`;
      }
      const type = TABLES[table].columns[target.name]?.type;
      if (!type || !AGGREGATE_FUNCTIONS[fn](type)) throw validationFailed(`${fn} ne s'applique pas à ${target.name}.`);
      // sum and avg of integers are Float in the schema; min/max keep the column's scalar.
      const resultType = (fn === 'sum' || fn === 'avg') && type === 'Int' ? 'Float' : type;
      return `${b.key(target.key)}, ${jsonScalar(`${fn}(${column(target.name)})`, resultType)}`;
    });
    return `${b.key(selection.key)}, ${jsonObject(inner)}`;
  });
  const source = rowSource(table, field.args as ListArgs, field.rawOrderBy, b, { join, defaultLimit: null });
  const selected = [
    ...[...needed].map((name) => `${b.column(table, source.alias, name)} AS ${ident(name)}`),
    ...[...computed].map((name) => `${TABLES[table].computedSums![name]!(source.alias)} AS ${ident(name)}`),
  ];
  const selectList = selected.length > 0 ? selected.join(', ') : '1 AS one';
  return `(SELECT ${jsonObject(pairs)} FROM (SELECT ${selectList} ${source.tail}) s)`;
}

/** count, count(columns) (non-null values), count(columns, distinct: true). */
function countExpression(selection: FieldSelection, column: (name: string) => string): string {
  const columns = (selection.args.columns as string[] | undefined) ?? [];
  if (columns.length > LIMITS.maxOrderByItems) throw validationFailed('Trop de colonnes à compter.');
  if (columns.length === 0) return 'count(*)';
  const refs = columns.map(column);
  const distinct = selection.args.distinct === true ? 'DISTINCT ' : '';
  const notNull = refs.map((ref) => `${ref} IS NOT NULL`).join(' AND ');
  const counted = refs.length === 1 ? refs[0] : `(${refs.join(', ')})`;
  return `count(${distinct}${counted}) FILTER (WHERE ${notNull})`;
}
