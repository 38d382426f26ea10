import { getTableColumns, getTableName, is, Table } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import * as schema from '../../../src/db/schema/index';
import { TABLE_LIST } from '../../../src/graphql/metadata/tables';
import { testDatabaseTargets } from '../support/databases';

/**
 * The Drizzle schema (db/schema) is the one definition of the data model: the database the
 * migrations build must be exactly it, so a column added to the schema without its
 * migration (or a migration without the schema) fails here, and so does a table GraphQL
 * reads whose changes do not notify the other server processes' shared reads.
 */
const drizzleTables: Table[] = Object.values(schema as Record<string, unknown>).filter((value): value is Table =>
  is(value, Table),
);

/** 'numeric(12, 2)' and PostgreSQL's 'numeric(12,2)' are one type. */
const sqlType = (type: string) => type.replace(/\s*,\s*/g, ',');

function schemaColumns(): string[] {
  return drizzleTables.flatMap((table) =>
    Object.values(getTableColumns(table)).map(
      (column) =>
        `${getTableName(table)}.${column.name} ${sqlType(column.getSQLType())}${column.notNull ? ' NOT NULL' : ''}`,
    ),
  );
}

describe.each(testDatabaseTargets())('the data model after migrations on $name', (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(() => database?.close());

  it('has every table and column of the Drizzle schema, with its type and nullability, and nothing else', async () => {
    const rows = await database.query<{ table: string; column: string; type: string; notNull: boolean }>(
      `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
              a.attnotnull AS "notNull"
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped`,
    );
    const inDatabase = rows.map(
      (row) => `${row.table}.${row.column} ${sqlType(row.type)}${row.notNull ? ' NOT NULL' : ''}`,
    );
    expect(inDatabase.sort()).toEqual(schemaColumns().sort());
  });

  it('notifies the shared reads from every table GraphQL reads, and from no other', async () => {
    const rows = await database.query<{ table: string }>(
      `SELECT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE t.tgname = 'gdf_donnees_changees'`,
    );
    expect(rows.map((row) => row.table).sort()).toEqual(TABLE_LIST.map((table) => table.name).sort());
  });
});
