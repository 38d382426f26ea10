import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database } from '../../../apps/server/src/db/database';
import { seedDemoData } from '@gdf/seed';

/**
 * The benchmark database: PostgreSQL at `databaseUrl` (created when missing), else an
 * embedded PGlite directory under bench/.data. An existing database is reused when it
 * holds exactly `flux` flux; otherwise it is reseeded (a few minutes for 2,000,000).
 */
export async function openBenchDatabase(
  options: { databaseUrl?: string; flux: number },
  log: (line: string) => void,
): Promise<Database> {
  if (options.databaseUrl) await createDatabaseIfMissing(options.databaseUrl);
  const database = options.databaseUrl
    ? await openDatabase({ url: options.databaseUrl, statementTimeoutMs: 0 })
    : await openDatabase({ dataDir: path.join(benchDataDir(), `pglite-${options.flux}`) });
  const [row] = await database.query<{ n: string }>(`SELECT count(*)::text AS n FROM "MKP_FluxFinancier"`);
  if (Number(row?.n) === options.flux) {
    log(`Base réutilisée : ${options.flux.toLocaleString('fr-FR')} flux`);
  } else {
    log(`Génération de ${options.flux.toLocaleString('fr-FR')} flux (quelques minutes)...`);
    await seedDemoData(database, { flux: options.flux, reset: true, onProgress: (message) => log(`  ${message}`) });
  }
  // Fresh statistics, and a visibility map for the index-only scans of the capped counts.
  await database.query(`VACUUM ANALYZE "MKP_FluxFinancier"`);
  await database.query(`VACUUM ANALYZE "UTI_Utilisateur"`);
  await database.query(`VACUUM ANALYZE "STR_Structure"`);
  return database;
}

function benchDataDir(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.data');
}

async function createDatabaseIfMissing(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Nom de base invalide : ${name}`);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}
