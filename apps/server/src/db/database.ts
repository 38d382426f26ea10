import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, DatabaseConfig } from './database-types';
import { openPglite } from './pglite-database';
import { openPostgres } from './postgres-database';

export type { Database, DatabaseConfig, DatabaseSession, PostgresConfig } from './database-types';

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const database = 'url' in config ? await openPostgres(config) : await openPglite(config);
  await applyMigrations(database);
  return database;
}

/** drizzle-kit's SQL migrations ship beside the code, in src and in the bundle alike. */
function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Dossier des migrations introuvable');
}

async function applyMigrations(database: Database): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: migrationsFolderPath });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, { migrationsFolder: migrationsFolderPath });
  }
}
