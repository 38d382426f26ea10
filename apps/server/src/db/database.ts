import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Client as PgClient, Pool as PgPool, QueryResult } from 'pg';
import * as schema from './schema/index';
import { checkParameterCount } from './database-errors';
import type { Queryable } from './queryable';
import { runTransaction } from './transaction';
import { ReadReplica, type ReadReplicaControl } from './read-replica';

export type AppSchema = typeof schema;
export type AppDb = PgDatabase<PgQueryResultHKT, AppSchema>;

/** One handle over PGlite (embedded) or PostgreSQL (DATABASE_URL): same schema, same SQL. */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: AppDb;
  /**
   * Parameterised SQL ($1, $2...). Never interpolate user text into `text`. `prepared`:
   * a statement run again and again (PostgreSQL keeps its plan per connection).
   */
  query<Row = Record<string, unknown>>(text: string, params?: unknown[], options?: QueryOptions): Promise<Row[]>;
  /**
   * Runs `work` in one transaction (READ COMMITTED): committed when it resolves, rolled back
   * when it throws. `work` must run its SQL on `tx` (same `$n` parameters as `query`), never
   * on this handle: on PGlite other queries wait until the transaction ends.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>, options?: Pick<QueryOptions, 'priority'>): Promise<T>;
  /**
   * SQL text of several statements and no parameters (a library's DDL, its BEGIN...COMMIT
   * scripts): pg's simple query, PGlite's exec. Returns the last statement's rows.
   */
  script<Row = Record<string, unknown>>(text: string): Promise<Row[]>;
  /**
   * One connection for `work`, across several transactions: on PostgreSQL a connection of the
   * main pool, kept until `work` ends and then discarded with its temporary tables; on PGlite
   * its one connection. A job's steps share a temporary table there (ADR 0050).
   */
  session<T>(work: (session: DatabaseSession) => Promise<T>): Promise<T>;
  /**
   * Calls `listener` whenever a transaction that changed a table the GraphQL API reads
   * commits, in this process or any other (migration 0008 NOTIFYs 'gdf_donnees').
   * PostgreSQL only: an embedded PGlite has one process, whose writes clear its caches.
   */
  onDataChange?(listener: () => void): void;
  /** Bulk load CSV text (no header) into a table, as fast as the engine allows. */
  copyCsv(table: string, columns: readonly string[], chunks: AsyncIterable<string>): Promise<void>;
  /** PostgreSQL only: each pool's connections (total, idle) and the statements waiting for one. */
  poolStats?(): PoolStats[];
  /** PostgreSQL with DATABASE_READ_URL: the read replica's state and positions (ADR 0052). */
  readReplica?: ReadReplicaControl;
  /**
   * PGlite only: true while its one connection is busy with others' work (a statement or a
   * transaction under way) and one of its statements succeeded within the last `ms`: the
   * embedded database answers, and health need not queue behind that work (ADR 0058).
   */
  busyButAnswering?(ms: number): boolean;
  /** PGlite only: its whole data directory as a tarball, for `{ memory: true, loadDataDir }`. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/** What a session runs: statements and transactions on one connection. */
export type DatabaseSession = Pick<Database, 'query' | 'transaction'>;

export interface PoolStats {
  pool: 'principal' | 'lecture' | 'prioritaire' | 'réplique' | 'réplique-lecture';
  total: number;
  idle: number;
  waiting: number;
}

export interface QueryOptions {
  prepared?: boolean;
  /**
   * A GraphQL read: on PostgreSQL it runs on the read pool, whose statements stop after
   * DATABASE_READ_TIMEOUT_MS (a few seconds), so no request holds a connection for long.
   */
  read?: boolean;
  /**
   * A pure read outside any transaction that a read replica may answer (relevés, Impayés:
   * db/read-routing.ts replicaReads). Without DATABASE_READ_URL it runs as any statement.
   */
  replica?: boolean;
  /**
   * A statement that must never wait behind heavy work (R-OPS-10): health, logins, the session
   * check of every request. On PostgreSQL it runs on a small pool of its own
   * (DATABASE_PRIORITY_POOL_SIZE); on PGlite it goes first in the queue of the one connection.
   */
  priority?: boolean;
}

const DATE_OID = 1082;
const BYTEA_OID = 17;

/** PostgreSQL settings; server.ts gives the environment's (config.ts, README), others get the value shown. */
export interface PostgresConfig {
  url: string;
  /** Per-statement limit of the main pool (REST, writes, SAGE/FEC exports); 0 for none (seeding). 30 s. */
  statementTimeoutMs?: number;
  /** Per-statement limit of the GraphQL read pool (DATABASE_READ_TIMEOUT_MS). 5 s. */
  readTimeoutMs?: number;
  /**
   * Connections of the main pool (DATABASE_POOL_SIZE, 20), of the read pool (DATABASE_READ_POOL_SIZE, 10)
   * and of the priority pool (DATABASE_PRIORITY_POOL_SIZE, 4: health, logins, session checks).
   */
  poolSize?: number;
  readPoolSize?: number;
  priorityPoolSize?: number;
  /** How long a statement waits for a free connection before a 503 (DATABASE_POOL_WAIT_MS). 5 s. */
  poolWaitMs?: number;
  /**
   * A streaming replica of `url` for reads (DATABASE_READ_URL, ADR 0052), not read beyond
   * readMaxLagMs of replay lag (DATABASE_READ_MAX_LAG_MS, 5 s); positions compared every
   * readCheckIntervalMs (500 ms).
   */
  readUrl?: string;
  readMaxLagMs?: number;
  readCheckIntervalMs?: number;
}

/**
 * `loadDataDir`: an in-memory PGlite started from a tarball of another's data directory
 * (dumpDataDir), e.g. the tests' seeded template, instead of an empty one.
 */
export type DatabaseConfig = PostgresConfig | { dataDir: string } | { memory: true; loadDataDir?: Blob };

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const database = 'url' in config ? await openPostgres(config) : await openPglite(config);
  await applyMigrations(database);
  return database;
}

function copyStatement(table: string, columns: readonly string[]): string {
  const cols = columns.map((c) => `"${c}"`).join(', ');
  return `COPY "${table}" (${cols}) FROM STDIN WITH (FORMAT csv)`;
}

async function openPostgres(config: PostgresConfig): Promise<Database> {
  const { url } = config;
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { from: copyFrom } = await import('pg-copy-streams');
  const { pipeline } = await import('node:stream/promises');
  const { Readable } = await import('node:stream');
  // Dates stay 'YYYY-MM-DD' strings, as drizzle's date() columns and PGlite give them.
  pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);
  const connectionTimeoutMillis = config.poolWaitMs ?? 5_000;
  const pool = new pg.Pool({
    connectionString: url,
    max: config.poolSize ?? 20,
    // A runaway query (e.g. a crafted filter) cannot hold a connection for long.
    // Connections are renewed now and then, which also bounds the prepared statements each keeps.
    maxUses: 20_000,
    statement_timeout: config.statementTimeoutMs ?? 30_000,
    // A request never queues forever for a connection: after this wait it answers 503.
    connectionTimeoutMillis,
  });
  // GraphQL reads have their own connections with a short deadline (a statement_timeout
  // set when the connection opens): a flood of heavy reads neither waits on nor starves
  // logins, health checks, writes and exports, which keep the main pool.
  const readPool = new pg.Pool({
    connectionString: url,
    max: config.readPoolSize ?? 10,
    maxUses: 20_000,
    statement_timeout: config.readTimeoutMs ?? 5_000,
    connectionTimeoutMillis,
  });
  // Health, logins and every request's session check (R-OPS-10): a few connections heavy work
  // never holds, so they answer while relevés, packs and exports fill the main pool.
  const priorityPool = new pg.Pool({
    connectionString: url,
    max: config.priorityPoolSize ?? 4,
    maxUses: 20_000,
    // Short statements only; not the searches' deadline, which an operator may set far lower.
    statement_timeout: 5_000,
    connectionTimeoutMillis,
  });
  pool.on('error', () => undefined); // idle-client errors must not crash the process
  readPool.on('error', () => undefined);
  priorityPool.on('error', () => undefined);
  const changes = dataChangeListener(url, pg.Client);
  const replica = config.readUrl
    ? new ReadReplica(pg.Pool, pool, {
        url: config.readUrl,
        maxLagMs: config.readMaxLagMs ?? 5_000,
        checkIntervalMs: config.readCheckIntervalMs ?? 500,
        poolSize: config.readPoolSize ?? 10,
        readTimeoutMs: config.readTimeoutMs ?? 5_000,
        statementTimeoutMs: config.statementTimeoutMs ?? 30_000,
        poolWaitMs: connectionTimeoutMillis,
      })
    : null;
  await replica?.start();
  const db = drizzle(pool, { schema }) as unknown as AppDb;
  const priorityDb = drizzle(priorityPool, { schema }) as unknown as AppDb;
  return {
    kind: 'postgres',
    db,
    async query(text, params = [], options) {
      checkParameterCount(params);
      const run = async (target: PgPool) =>
        (options?.prepared
          ? await target.query({ name: preparedName(text), text, values: params })
          : await target.query(text, params)
        ).rows;
      // With a replica, reads go to it when it may serve this reader, else as before.
      if (options?.priority) return run(priorityPool);
      if (replica && (options?.read || options?.replica))
        return replica.run(options.read ? 'lecture' : 'rapport', run, options.read ? readPool : pool);
      return run(options?.read ? readPool : pool);
    },
    transaction: (work, options) => runTransaction(options?.priority ? priorityDb : db, work),
    async script(text) {
      const result = (await pool.query(text)) as unknown as QueryResult | QueryResult[];
      return (Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows) as never[];
    },
    async session(work) {
      const client = await pool.connect();
      const sessionDb = drizzle(client, { schema }) as unknown as AppDb;
      try {
        return await work({
          async query(text, params = []) {
            checkParameterCount(params);
            return (await client.query(text, params)).rows;
          },
          transaction: (inner) => runTransaction(sessionDb, inner),
        });
      } finally {
        client.release(true); // discarded: its temporary tables and settings go with it
      }
    },
    async copyCsv(table, columns, chunks) {
      const client = await pool.connect();
      try {
        // A bulk load is never a runaway query: the pool's statement timeout does not apply.
        await client.query('SET statement_timeout = 0');
        await pipeline(Readable.from(chunks), client.query(copyFrom(copyStatement(table, columns))));
        await client.query('RESET statement_timeout');
        client.release();
      } catch (error) {
        client.release(error as Error); // discard the connection: its session state is unknown
        throw error;
      }
    },
    onDataChange: changes.add,
    poolStats: () => [
      statsOf('principal', pool),
      statsOf('lecture', readPool),
      statsOf('prioritaire', priorityPool),
      ...(replica?.poolStats() ?? []),
    ],
    ...(replica ? { readReplica: replica } : {}),
    async close() {
      await changes.close();
      await replica?.close();
      await Promise.all([pool.end(), readPool.end(), priorityPool.end()]);
    },
  };
}

function statsOf(name: PoolStats['pool'], pool: PgPool): PoolStats {
  return { pool: name, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

const DATA_CHANNEL = 'gdf_donnees';
const RELISTEN_DELAY_MS = 1_000;

/**
 * One LISTEN connection per process, opened with the first listener. If it drops, every
 * listener is called (what changed meanwhile is unknown) and it listens again a second
 * later; caches stay bounded by their own short TTL in between.
 */
function dataChangeListener(url: string, Client: typeof PgClient) {
  const listeners = new Set<() => void>();
  let client: PgClient | null = null;
  let closed = false;
  const notifyAll = () => listeners.forEach((listener) => listener());
  // Also when the first connection fails: keep trying, a second apart.
  const listenLater = (failed: PgClient | null) => {
    if (closed || client !== failed) return;
    client = null;
    notifyAll();
    setTimeout(() => void listen(), RELISTEN_DELAY_MS).unref();
  };
  const listen = async () => {
    if (closed) return;
    const next = new Client({ connectionString: url });
    client = next;
    next.on('error', () => listenLater(next));
    next.on('end', () => listenLater(next));
    next.on('notification', notifyAll);
    try {
      await next.connect();
      await next.query(`LISTEN ${DATA_CHANNEL}`);
    } catch {
      listenLater(next);
      await next.end().catch(() => undefined);
    }
  };
  return {
    add(listener: () => void) {
      listeners.add(listener);
      if (listeners.size === 1) void listen();
    },
    async close() {
      closed = true;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

/** One name per statement text (the driver refuses one name for two texts). */
function preparedName(text: string): string {
  return `s${createHash('sha1').update(text).digest('base64url')}`;
}

async function openPglite(config: { dataDir: string } | { memory: true; loadDataDir?: Blob }): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const { drizzle } = await import('drizzle-orm/pglite');
  if ('dataDir' in config) await mkdir(config.dataDir, { recursive: true });
  const client = new PGlite({
    ...('dataDir' in config ? { dataDir: config.dataDir } : {}),
    ...('loadDataDir' in config ? { loadDataDir: config.loadDataDir } : {}),
    extensions: { pg_trgm, btree_gin },
    // bytea as pg gives it (a Buffer), both ways through Node's hex codec: PGlite's own goes
    // byte by byte through JS strings, ~1 s per MB, too slow for stored files (ADR 0010).
    parsers: {
      [DATE_OID]: (value: string) => value,
      [BYTEA_OID]: (value: string) => Buffer.from(value.slice(2), 'hex'),
    },
    serializers: {
      [BYTEA_OID]: (value: Uint8Array) =>
        `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`,
    },
  });
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as AppDb;
  const lanes = createLanes();
  // When a statement last succeeded; between a transaction's statements the event loop has a
  // turn (setImmediate: after pending I/O), so health and the sockets are served meanwhile.
  let lastAnswer = 0;
  const hooks = {
    beforeStatement: () => new Promise<void>((resolve) => setImmediate(resolve)),
    afterStatement: () => (lastAnswer = performance.now()),
  };
  const handle: Database = {
    kind: 'pglite',
    db,
    async query(text, params = [], options) {
      checkParameterCount(params);
      // GraphQL reads (the searches) keep the priority lane too: on PostgreSQL they have their own pool.
      const first = options?.priority === true || options?.read === true;
      const result = await lanes.run(first, async () => {
        const answer = await client.query(text, params);
        hooks.afterStatement();
        return answer;
      });
      return result.rows as never[];
    },
    transaction: (work, options) => lanes.run(options?.priority === true, () => runTransaction(db, work, hooks)),
    async script(text) {
      const results = await lanes.run(false, () => client.exec(text));
      return (results.at(-1)?.rows ?? []) as never[];
    },
    session(work) {
      return work(handle);
    },
    async copyCsv(table, columns, chunks) {
      // PGlite reads COPY input from a virtual /dev/blob file: load in bounded batches.
      const statement = copyStatement(table, columns).replace('STDIN', "'/dev/blob'");
      let batch: string[] = [];
      let size = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        const blob = new Blob(batch);
        await lanes.run(false, () => client.query(statement, [], { blob }));
        batch = [];
        size = 0;
      };
      for await (const chunk of chunks) {
        batch.push(chunk);
        size += chunk.length;
        if (size > 32 * 1024 * 1024) await flush();
      }
      await flush();
    },
    busyButAnswering: (ms) => lanes.busy() && performance.now() - lastAnswer <= ms,
    dumpDataDir: () => lanes.run(false, () => client.dumpDataDir('none')),
    close: () => client.close(),
  };
  return handle;
}

/**
 * PGlite's one connection, taken one statement or transaction at a time in two lanes (R-OPS-10):
 * priority work (health, logins, session checks, GraphQL reads) goes before everything waiting,
 * so it waits for the statement under way only, never behind a queue of heavy reads. Within a
 * lane, first come first served. PGlite runs in this thread and its statements resolve as
 * promises: queued back to back they would chain without the event loop ever reading a socket
 * (a health check waited for 40 queued statements). So between two statements the event loop
 * has a turn (setImmediate: after pending I/O), and the next is chosen only then.
 */
function createLanes() {
  let busy = false;
  const waiting = { priority: [] as Array<() => void>, normal: [] as Array<() => void> };
  const handOver = () => {
    const next = waiting.priority.shift() ?? waiting.normal.shift();
    if (next) next();
    else busy = false;
  };
  return {
    busy: () => busy,
    async run<T>(priority: boolean, work: () => Promise<T>): Promise<T> {
      if (busy) await new Promise<void>((turn) => waiting[priority ? 'priority' : 'normal'].push(turn));
      else busy = true;
      try {
        return await work();
      } finally {
        // Still busy until the next in turn starts (or none waits): nobody slips in between.
        if (waiting.priority.length > 0 || waiting.normal.length > 0) setImmediate(handOver);
        else busy = false;
      }
    },
  };
}

/** drizzle-kit's SQL migrations ship beside the code, in src and in the bundle alike. */
export function migrationsFolder(): string {
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
