import { randomBytes } from 'node:crypto';
import { openDatabase, type Database, type PostgresConfig } from '../../../src/db/database';
import { adminQuery } from './postgres-admin';
import { pgliteTemplate, postgresTemplate, templateDir, type TemplateKind } from './templates';

export { adminQuery } from './postgres-admin';

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
 * is set: each open() gets a brand-new database of its own (the migrations applied), closed
 * and dropped with it. Within a run it is a copy of the run's template (templates.ts), so a
 * file neither migrates nor, with seedSmall, seeds: both were done once for the run.
 */
export function testDatabaseTargets(): TestDatabaseTarget[] {
  const targets: TestDatabaseTarget[] = [{ name: 'pglite', open: () => openPgliteCopy() }];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) targets.push({ name: 'postgres', open: (settings) => openPostgresCopy(serverUrl, settings) });
  return targets;
}

/**
 * seedSmall on a database from open(): it becomes a copy of the run's seeded template.
 * The same rows as seeding it (seedDemoData refuses a database that holds data, so nothing
 * written before is lost that a real seed would have kept). False for any other database,
 * or outside a run with templates: the caller then seeds it.
 */
export async function seedFromTemplate(database: Database): Promise<boolean> {
  const reseed = reseeders.get(database);
  if (!reseed) return false;
  reseeders.delete(database);
  await reseed();
  return true;
}

const reseeders = new WeakMap<Database, () => Promise<void>>();

/** An empty in-memory PGlite (migrations only): a copy of the run's template when there is one. */
export async function openEmptyPglite(): Promise<Database> {
  const dir = templateDir();
  return dir
    ? openDatabase({ memory: true, loadDataDir: await pgliteTemplate(dir, 'empty') })
    : openDatabase({ memory: true });
}

async function openPgliteCopy(): Promise<TestDatabase> {
  const dir = templateDir();
  const handle = new SwappableDatabase(await openEmptyPglite());
  if (dir)
    reseeders.set(handle.facade, async () =>
      handle.swap(await openDatabase({ memory: true, loadDataDir: await pgliteTemplate(dir, 'seeded') })),
    );
  return handle.facade;
}

async function openPostgresCopy(serverUrl: string, settings: PoolSettings = {}): Promise<TestDatabase> {
  const dir = templateDir();
  const create = async (kind: TemplateKind) => {
    const name = `gdf_test_${randomBytes(6).toString('hex')}`;
    const template = dir ? ` TEMPLATE ${await postgresTemplate(serverUrl, dir, kind)}` : '';
    await adminQuery(serverUrl, `CREATE DATABASE ${name}${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return { name, url: url.toString(), database: await openDatabase({ ...settings, url: url.toString() }) };
  };
  let current = await create('empty');
  const handle = new SwappableDatabase(current.database, {
    reopen: (other) => openDatabase({ ...other, url: current.url }),
    url: () => current.url,
    afterClose: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${current.name} WITH (FORCE)`),
  });
  if (dir)
    reseeders.set(handle.facade, async () => {
      const previous = current;
      current = await create('seeded');
      await handle.swap(current.database);
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${previous.name} WITH (FORCE)`);
    });
  return handle.facade;
}

/**
 * The handle a test keeps, whose database can be replaced underneath (seedSmall) while the
 * test's references (`database`, `database.db` read afterwards, read-cache listeners) follow.
 */
class SwappableDatabase {
  readonly facade: TestDatabase;
  private listeners: Array<() => void> = [];

  constructor(
    private current: Database,
    postgres?: {
      reopen(settings: PoolSettings): Promise<Database>;
      url(): string;
      afterClose(): Promise<void>;
    },
  ) {
    const facade = {
      kind: current.kind,
      query: (text, params, options) => this.current.query(text, params, options),
      copyCsv: (table, columns, chunks) => this.current.copyCsv(table, columns, chunks),
      close: async () => {
        await this.current.close();
        await postgres?.afterClose();
      },
    } as TestDatabase;
    Object.defineProperty(facade, 'db', { get: () => this.current.db, enumerable: true });
    if (current.onDataChange)
      facade.onDataChange = (listener) => {
        this.listeners.push(listener);
        this.current.onDataChange?.(listener);
      };
    if (current.dumpDataDir) facade.dumpDataDir = () => this.current.dumpDataDir!();
    if (postgres) {
      facade.reopen = postgres.reopen;
      Object.defineProperty(facade, 'url', { get: postgres.url, enumerable: true });
    }
    this.facade = facade;
  }

  async swap(next: Database): Promise<void> {
    const previous = this.current;
    this.current = next;
    for (const listener of this.listeners) next.onDataChange?.(listener);
    await previous.close();
  }
}
