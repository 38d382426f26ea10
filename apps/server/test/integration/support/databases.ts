import { randomBytes } from 'node:crypto';
import { openDatabase, type Database, type PostgresConfig } from '../../../src/db/database';
import { nonEmptyTables } from '@gdf/seed';
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
 * seedSmall on a still empty database from open(): it becomes a copy of the run's seeded
 * template, the very rows seeding it gives. False for any other database, or outside a run
 * with templates: the caller then seeds it (and seedDemoData refuses one that holds data).
 */
export async function seedFromTemplate(database: Database): Promise<boolean> {
  const reseed = reseeders.get(database);
  if (!reseed || (await nonEmptyTables(database)).length > 0) return false;
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
  const handle = new SwappableDatabase('pglite', openEmptyPglite);
  await handle.ready();
  if (dir)
    reseeders.set(handle.facade, () =>
      handle.replace(async () => openDatabase({ memory: true, loadDataDir: await pgliteTemplate(dir, 'seeded') })),
    );
  return handle.facade;
}

async function openPostgresCopy(serverUrl: string, settings: PoolSettings = {}): Promise<TestDatabase> {
  const dir = templateDir();
  const names: string[] = [];
  let url = '';
  const create = async (kind: TemplateKind) => {
    const name = `gdf_test_${randomBytes(6).toString('hex')}`;
    const template = dir ? ` TEMPLATE ${await postgresTemplate(serverUrl, dir, kind)}` : '';
    await adminQuery(serverUrl, `CREATE DATABASE ${name}${template}`);
    names.push(name);
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    return openDatabase({ ...settings, url });
  };
  const dropAll = async () => {
    for (const name of names.splice(0)) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  const handle = new SwappableDatabase('postgres', () => create('empty'), {
    reopen: (other) => openDatabase({ ...other, url }),
    url: () => url,
    afterClose: dropAll,
  });
  await handle.ready();
  if (dir)
    reseeders.set(handle.facade, async () => {
      const empty = names[0];
      await handle.replace(() => create('seeded'));
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${empty} WITH (FORCE)`);
      names.splice(names.indexOf(empty as string), 1);
    });
  return handle.facade;
}

/**
 * The handle a test keeps, whose database can be replaced underneath (seedSmall) while the
 * test's references (`database`, `database.db`, read-cache listeners) follow.
 */
class SwappableDatabase {
  readonly facade: TestDatabase;
  private current: Database | null = null;
  private opening: Promise<Database> | null = null;
  private readonly listeners: Array<() => void> = [];

  constructor(
    kind: Database['kind'],
    private readonly openFirst: () => Promise<Database>,
    postgres?: {
      reopen(settings: PoolSettings): Promise<Database>;
      url(): string;
      afterClose(): Promise<void>;
    },
  ) {
    const facade = {
      kind,
      query: async (text, params, options) => (await this.ready()).query(text, params, options),
      transaction: async (work) => (await this.ready()).transaction(work),
      script: async (text) => (await this.ready()).script(text),
      session: async (work) => (await this.ready()).session(work),
      copyCsv: async (table, columns, chunks) => (await this.ready()).copyCsv(table, columns, chunks),
      dumpDataDir: async () => {
        const database = await this.ready();
        if (!database.dumpDataDir) throw new Error('dumpDataDir: PGlite seulement');
        return database.dumpDataDir();
      },
      close: async () => {
        const opened = this.opening;
        this.opening = Promise.reject(new Error('base de test fermée'));
        this.opening.catch(() => undefined);
        if (opened) await (await opened).close();
        await postgres?.afterClose();
      },
    } as TestDatabase;
    Object.defineProperty(facade, 'db', {
      enumerable: true,
      get: () => {
        if (!this.current) throw new Error('Base de test pas encore ouverte');
        return this.current.db;
      },
    });
    if (kind === 'postgres')
      facade.onDataChange = (listener) => {
        this.listeners.push(listener);
        void this.ready().then((database) => database.onDataChange?.(listener));
      };
    if (kind === 'postgres') facade.poolStats = () => this.current?.poolStats?.() ?? [];
    if (kind === 'pglite') facade.busyButAnswering = (ms) => this.current?.busyButAnswering?.(ms) ?? false;
    if (postgres) {
      facade.reopen = postgres.reopen;
      Object.defineProperty(facade, 'url', { get: postgres.url, enumerable: true });
    }
    this.facade = facade;
  }

  ready(): Promise<Database> {
    return this.opening ?? this.start(this.openFirst);
  }

  /** Opens `open()`'s database in place of the current one (or of the one not opened yet), then closes that. */
  async replace(open: () => Promise<Database>): Promise<void> {
    const previous = this.opening;
    const next = await this.start(open);
    for (const listener of this.listeners) next.onDataChange?.(listener);
    if (previous)
      await previous.then(
        (database) => database.close(),
        () => undefined,
      );
  }

  private start(open: () => Promise<Database>): Promise<Database> {
    const opening: Promise<Database> = open().then((database) => {
      if (this.opening === opening) this.current = database;
      return database;
    });
    this.opening = opening;
    return opening;
  }
}
