import type { Database } from '@gdf/server/seed-api';

/**
 * Table-level operations around a bulk load. Loading millions of rows into indexed,
 * constrained tables makes PostgreSQL update every index and queue a foreign-key check
 * per row; building the indexes once afterwards and validating each foreign key with a
 * single join is several times faster, on PostgreSQL and on PGlite alike.
 *
 * What is dropped is first written into the table's COMMENT, so a seed killed halfway
 * (Ctrl-C, crash) is repaired by the next seed instead of leaving the schema degraded.
 */

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const MARKER = 'gdf-seed-deferred:';

interface Definition {
  name: string;
  definition: string;
}

/** What was dropped from one table, to put back exactly as it was. */
export interface Deferred {
  table: string;
  indexes: Definition[];
  foreignKeys: Definition[];
}

/** The application's tables (drizzle keeps its own journal in the "drizzle" schema). */
export async function applicationTables(database: Database): Promise<string[]> {
  const rows = await database.query<{ name: string }>(
    `SELECT tablename AS "name" FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  return rows.map((r) => r.name);
}

export async function nonEmptyTables(database: Database): Promise<string[]> {
  const tables = await applicationTables(database);
  if (tables.length === 0) return [];
  const probes = tables.map((t, i) => `EXISTS (SELECT 1 FROM ${quote(t)}) AS "t${i}"`).join(', ');
  const [row = {}] = await database.query<Record<string, boolean>>(`SELECT ${probes}`);
  return tables.filter((_, i) => row[`t${i}`]);
}

export async function truncateAll(database: Database): Promise<void> {
  const tables = await applicationTables(database);
  if (tables.length > 0) await database.query(`TRUNCATE ${tables.map(quote).join(', ')} RESTART IDENTITY CASCADE`);
}

/**
 * Drops the foreign keys of `tables` (so tables load in any order, flux and lines in
 * parallel) and the secondary indexes of `indexTables`: not primary keys, nor indexes
 * backing a constraint. Their definitions come from the catalog (pg_indexes).
 */
export async function dropForBulkLoad(
  database: Database,
  tables: string[],
  indexTables: string[],
): Promise<Deferred[]> {
  const all: Deferred[] = [];
  for (const table of tables) {
    const foreignKeys = await database.query<Definition>(
      `SELECT conname AS "name", pg_get_constraintdef(oid) AS "definition"
         FROM pg_constraint WHERE contype = 'f' AND conrelid = $1::regclass ORDER BY conname`,
      [quote(table)],
    );
    const indexes = !indexTables.includes(table)
      ? []
      : await database.query<Definition>(
          `SELECT i.indexname AS "name", i.indexdef AS "definition"
             FROM pg_indexes i
            WHERE i.schemaname = 'public' AND i.tablename = $1 AND i.indexname NOT LIKE '%\\_pkey'
              AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = quote_ident(i.indexname)::regclass)
            ORDER BY i.indexname`,
          [table],
        );
    if (foreignKeys.length + indexes.length === 0) continue;
    const deferred = { table, indexes, foreignKeys };
    all.push(deferred);
    await database.query(`COMMENT ON TABLE ${quote(table)} IS ${literal(MARKER + JSON.stringify(deferred))}`);
    for (const fk of foreignKeys) await database.query(`ALTER TABLE ${quote(table)} DROP CONSTRAINT ${quote(fk.name)}`);
    for (const index of indexes) await database.query(`DROP INDEX ${quote(index.name)}`);
  }
  return all;
}

/**
 * Rebuilds the dropped indexes (two at a time on PostgreSQL, which has cores to spare;
 * PGlite is single-threaded) with more sort memory, then re-adds the foreign keys, each
 * validated by one join, and clears the marker.
 */
export async function restoreAfterBulkLoad(
  database: Database,
  deferred: Deferred[],
  onProgress: (message: string) => void,
): Promise<void> {
  const pending = deferred.flatMap((d) => d.indexes).sort((a, b) => cost(b.definition) - cost(a.definition));
  const worker = async () => {
    for (let index = pending.shift(); index; index = pending.shift()) {
      const started = performance.now();
      if (database.kind === 'postgres') {
        // One simple-protocol string runs as one implicit transaction: if the build
        // fails, the SET is rolled back with it and the pooled connection is unchanged.
        await database.query(`SET maintenance_work_mem = '512MB'; ${index.definition}; RESET maintenance_work_mem`);
      } else {
        await database.query(index.definition);
      }
      onProgress(`index ${index.name} reconstruit en ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  };
  await Promise.all(Array.from({ length: database.kind === 'postgres' ? 2 : 1 }, worker));
  for (const { table, foreignKeys } of deferred) {
    for (const fk of foreignKeys) {
      await database.query(`ALTER TABLE ${quote(table)} ADD CONSTRAINT ${quote(fk.name)} ${fk.definition}`);
    }
    await database.query(`COMMENT ON TABLE ${quote(table)} IS NULL`);
  }
}

/** Slowest first (GIN trigram, then wide btrees), so the two workers finish together. */
function cost(definition: string): number {
  return (/USING gin/i.test(definition) ? 100 : 0) + definition.split(',').length;
}

/** Puts back whatever an interrupted seed left dropped (see the table comments). */
export async function recoverInterruptedLoad(database: Database, onProgress: (message: string) => void): Promise<void> {
  const rows = await database.query<{ comment: string }>(
    `SELECT obj_description(c.oid, 'pg_class') AS "comment"
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND obj_description(c.oid, 'pg_class') LIKE $1`,
    [`${MARKER}%`],
  );
  if (rows.length === 0) return;
  onProgress('un chargement précédent a été interrompu : restauration des index et contraintes');
  const deferred: Deferred[] = [];
  for (const row of rows) {
    const item = JSON.parse(row.comment.slice(MARKER.length)) as Deferred;
    const indexes: Definition[] = [];
    for (const index of item.indexes) {
      const [found] = await database.query<{ oid: string | null }>(`SELECT to_regclass($1)::text AS "oid"`, [
        quote(index.name),
      ]);
      if (!found?.oid) indexes.push(index);
    }
    const existing = await database.query<{ name: string }>(
      `SELECT conname AS "name" FROM pg_constraint WHERE conrelid = $1::regclass`,
      [quote(item.table)],
    );
    const foreignKeys = item.foreignKeys.filter((fk) => !existing.some((c) => c.name === fk.name));
    deferred.push({ table: item.table, indexes, foreignKeys });
  }
  await restoreAfterBulkLoad(database, deferred, onProgress);
}

/** Identity sequences continue after the explicit ids we loaded (tables with an `id`). */
export async function resetSequences(database: Database, tables: string[]): Promise<void> {
  const withId = await database.query<{ name: string }>(
    `SELECT table_name AS "name" FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'id' AND is_identity = 'YES'`,
  );
  for (const table of tables.filter((t) => withId.some((row) => row.name === t))) {
    await database.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), (SELECT max(id) FROM ${quote(table)}))`, [
      quote(table),
    ]);
  }
}

/**
 * VACUUM (ANALYZE) of the tables that hold rows: fresh statistics for the planner, and a
 * visibility map so the search's counts and pages are index-only scans from the first
 * request (without it, every index entry of freshly loaded rows sends a heap read).
 * An empty table stays never analysed: the planner then assumes it may grow (10 pages at
 * least) and keeps its index lookups. Recorded as empty, its plans scan it whole, and a plan
 * is kept: PGlite, which has no autovacuum, kept the foreign-key checks of the demo's ledger
 * scanning the whole of CPT_Ecriture for every line written (minutes for 42 closings).
 */
export async function vacuumAnalyze(database: Database, tables: string[]): Promise<void> {
  const filled = new Set(await nonEmptyTables(database));
  for (const table of tables.filter((t) => filled.has(t))) await database.query(`VACUUM (ANALYZE) ${quote(table)}`);
}
