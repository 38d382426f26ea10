import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index';
import type { Queryable } from './queryable';
import type { ReadReplicaControl } from './read-replica';

type AppSchema = typeof schema;
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

interface QueryOptions {
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

/** The COPY statement of a bulk load (Database.copyCsv); table and column names are ours. */
export function copyStatement(table: string, columns: readonly string[]): string {
  const cols = columns.map((c) => `"${c}"`).join(', ');
  return `COPY "${table}" (${cols}) FROM STDIN WITH (FORMAT csv)`;
}
