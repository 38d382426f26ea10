import { createHash } from 'node:crypto';
import type { Client as PgClient, Pool as PgPool, QueryResult } from 'pg';
import * as schema from './schema/index';
import { checkParameterCount } from './database-errors';
import { copyStatement, type AppDb, type Database, type PoolStats, type PostgresConfig } from './database-types';
import { runTransaction } from './transaction';
import { ReadReplica } from './read-replica';
import { SESSION_OPTIONS } from './postgres-settings';

export async function openPostgres(config: PostgresConfig): Promise<Database> {
  const { url } = config;
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { from: copyFrom } = await import('pg-copy-streams');
  const { pipeline } = await import('node:stream/promises');
  const { Readable } = await import('node:stream');
  // Dates stay 'YYYY-MM-DD' strings, as drizzle's date() columns and PGlite give them.
  pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);
  const connectionTimeoutMillis = config.poolWaitMs ?? 5_000;
  // Every pool's connections: renewed now and then (which also bounds the prepared statements
  // each keeps), a deadline per statement so a runaway query (e.g. a crafted filter) cannot hold
  // one for long, and a request never queues forever for one: after the wait it answers 503.
  const newPool = (max: number, statementTimeoutMs: number) => {
    const created = new pg.Pool({
      connectionString: url,
      max,
      maxUses: 20_000,
      options: SESSION_OPTIONS,
      statement_timeout: statementTimeoutMs,
      connectionTimeoutMillis,
    });
    created.on('error', () => undefined); // idle-client errors must not crash the process
    return created;
  };
  const pool = newPool(config.poolSize ?? 20, config.statementTimeoutMs ?? 30_000);
  // GraphQL reads have their own connections with a short deadline (a statement_timeout
  // set when the connection opens): a flood of heavy reads neither waits on nor starves
  // logins, health checks, writes and exports, which keep the main pool.
  const readPool = newPool(config.readPoolSize ?? 10, config.readTimeoutMs ?? 5_000);
  // Health, logins and every request's session check (R-OPS-10): a few connections heavy work
  // never holds, so they answer while relevés, packs and exports fill the main pool. Short
  // statements only; not the searches' deadline, which an operator may set far lower.
  const priorityPool = newPool(config.priorityPoolSize ?? 4, 5_000);
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
