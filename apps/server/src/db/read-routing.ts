import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from './database';

/**
 * What the reads of the request under way may see (ADR 0052, R-OPS-06): set per request by
 * plugins/read-your-writes.ts when a read replica is configured, read by the database when a
 * read could go to the replica. Outside a request (jobs, start-up) there is none: any read may.
 */
export interface ReadConsistency {
  /** The request writes: all its reads go to the primary (a mutation reads back its own rows). */
  primaryOnly: boolean;
  /** The primary's WAL position after this reader's last write, while it matters; else null. */
  writtenAt(): bigint | null;
}

const storage = new AsyncLocalStorage<ReadConsistency>();

/** Runs `work` (the rest of a request) with `consistency` as its reads' requirement. */
export function withReadConsistency<T>(consistency: ReadConsistency, work: () => T): T {
  return storage.run(consistency, work);
}

export function currentReadConsistency(): ReadConsistency | undefined {
  return storage.getStore();
}

/** From now on, the request under way reads from the primary (it is about to write). */
export function readFromPrimary(): void {
  const consistency = storage.getStore();
  if (consistency) consistency.primaryOnly = true;
}

/**
 * `database`'s statements as pure reads a replica may answer (R-OPS-05): for reads outside
 * any transaction whose answer may be as old as the replica's bounded lag (never older than
 * the reader's own writes). Without a replica they run as before.
 */
export function replicaReads(database: Pick<Database, 'query'>): Pick<Database, 'query'> {
  return { query: (text, params, options) => database.query(text, params, { ...options, replica: true }) };
}
