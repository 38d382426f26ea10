import type { Database } from '../db/database';
import { ident } from './metadata/tables';

/**
 * The GraphQL read pipeline's statements (ADR 0040): the compiler writes their SQL from the
 * metadata (graphql/compiler), they run here, on the read pool (a GraphQL read).
 */

/** One compiled root field's statement; each row holds one JSON text `j`. */
export async function runCompiledRead(
  database: Database,
  text: string,
  params: unknown[],
  prepared: boolean,
): Promise<string[]> {
  const rows = await database.query<{ j: string }>(text, params, { prepared, read: true });
  return rows.map((row) => row.j);
}

/** The planner's JSON plan of an EXPLAIN statement (a count estimate). */
export async function explainRead(database: Database, text: string, params: unknown[]): Promise<unknown> {
  const [row] = await database.query<{ 'QUERY PLAN': unknown }>(text, params, { read: true });
  return row?.['QUERY PLAN'];
}

/** The keys a key lookup's statement reads (column `k`). */
export async function readLookupKeys(database: Database, text: string, params: unknown[]): Promise<unknown[]> {
  const rows = await database.query<{ k: unknown }>(text, params, { read: true });
  return rows.map((row) => row.k);
}

/** At most `limit` words of `wordTable` matching the LIKE `pattern` (lower-cased). */
export async function readMatchingWords(
  database: Database,
  wordTable: string,
  pattern: string,
  limit: number,
): Promise<string[]> {
  const rows = await database.query<{ mot: string }>(
    `SELECT "Mot" AS mot FROM "${wordTable}" WHERE "Mot" LIKE lower($1::text) LIMIT ${limit}`,
    [pattern],
    { read: true },
  );
  return rows.map((row) => row.mot);
}

/** Each table's highest id (0 when empty), in one statement. */
export async function readHighestIds<Table extends string>(
  database: Database,
  tables: readonly Table[],
): Promise<Partial<Record<Table, number>> | undefined> {
  const columns = tables.map(
    (table) => `(SELECT coalesce(max(id), 0) FROM ${ident(table)})::float8 AS ${ident(table)}`,
  );
  const [row] = await database.query<Record<Table, number>>(`SELECT ${columns.join(', ')}`);
  return row;
}
