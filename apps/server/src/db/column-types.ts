import { getTableColumns, type Column, type Table } from 'drizzle-orm';

/** The SQL type a parameter is cast to when written to a column (`$1::numeric`). */
export type SqlCast = 'integer' | 'text' | 'numeric' | 'boolean' | 'timestamptz' | 'date';

/** A column's key in its Drizzle table (here always its SQL name). */
export type ColumnKey<T extends Table> = keyof T['_']['columns'] & string;

/**
 * The cast of a Drizzle column, read from the schema so a column's type is written once.
 * Money is cast to plain numeric, as before: the column's numeric(12,2) rounds on store.
 */
export function sqlCastOf(column: Column): SqlCast {
  switch (column.columnType) {
    case 'PgInteger':
      return 'integer';
    case 'PgText':
      return 'text';
    case 'PgBoolean':
      return 'boolean';
    case 'PgNumeric':
      return 'numeric';
    case 'PgDateString':
      return 'date';
    case 'PgTimestamp':
      if ((column as Column & { withTimezone?: boolean }).withTimezone) return 'timestamptz';
  }
  throw new Error(`Type de colonne non pris en charge : ${column.name} (${column.getSQLType()})`);
}

/**
 * A whitelist of columns a write may set, each with its cast from the Drizzle schema. The
 * names are checked against the table when compiling; their types are never restated.
 */
export function columnCasts<T extends Table, const Key extends ColumnKey<T>>(
  table: T,
  keys: readonly Key[],
): Readonly<Record<Key, SqlCast>> {
  const columns = getTableColumns(table) as Record<string, Column>;
  return Object.fromEntries(
    keys.map((key) => {
      const column = columns[key];
      if (!column) throw new Error(`Colonne inconnue : ${key}`);
      return [column.name, sqlCastOf(column)];
    }),
  ) as Record<Key, SqlCast>;
}

/** Column names checked against the Drizzle table when compiling (a whitelist of identifiers). */
export function columnNames<T extends Table, const Key extends ColumnKey<T>>(
  _table: T,
  keys: readonly Key[],
): readonly Key[] {
  return keys;
}
