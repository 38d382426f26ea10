import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type PostgresConfig } from '../../../src/db/database';

/** PostgreSQL pool settings a suite may choose (small pools, short timeouts); PGlite has none. */
export type PoolSettings = Partial<Omit<PostgresConfig, 'url'>>;

export interface TestDatabase extends Database {
  /** PostgreSQL: another handle on the same database, with other pool settings (no seeding again). */
  reopen?(settings: PoolSettings): Promise<Database>;
  /** PostgreSQL: the database's URL, for a server process started by a test. */
  url?: string;
}

export interface TestDatabaseTarget {
  name: 'pglite' | 'postgres';
  open(settings?: PoolSettings): Promise<TestDatabase>;
}

/**
 * Every integration suite runs on PGlite, and also on PostgreSQL when TEST_DATABASE_URL
 * is set: each open() gets a brand-new database, dropped when it is closed.
 */
export function testDatabaseTargets(): TestDatabaseTarget[] {
  const targets: TestDatabaseTarget[] = [{ name: 'pglite', open: () => openDatabase({ memory: true }) }];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) targets.push({ name: 'postgres', open: (settings) => openFreshPostgres(serverUrl, settings) });
  return targets;
}

async function openFreshPostgres(serverUrl: string, settings: PoolSettings = {}): Promise<TestDatabase> {
  const name = `gdf_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ ...settings, url: url.toString() });
  return {
    ...database,
    reopen: (other) => openDatabase({ ...other, url: url.toString() }),
    url: url.toString(),
    async close() {
      await database.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** One statement on the server's maintenance database (CREATE/DROP DATABASE). */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
