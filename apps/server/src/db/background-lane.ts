import type { Database } from './database';

/**
 * `database` as background work uses it (R-OPS-14, ADR 0059): on PostgreSQL its transactions and
 * sessions plan without parallel workers (`max_parallel_workers_per_gather = 0`), so one job's
 * statement keeps to one backend, one core, and leaves the others to the requests (a head
 * office's staging ran as a leader and two workers: three busy processes on a two-core machine,
 * every other user's search waiting for a core). Statements outside a transaction or session
 * run as given (jobs' reads there are short, by index). PGlite has no parallel workers: unchanged.
 */
export function backgroundLane(database: Database): Database {
  if (database.kind !== 'postgres') return database;
  return {
    ...database,
    transaction: (work, options) =>
      database.transaction(async (tx) => {
        await tx.query(`SET LOCAL max_parallel_workers_per_gather = 0`);
        return work(tx);
      }, options),
    // The session's connection is discarded after it (Database.session): its setting goes with it.
    session: (work) =>
      database.session(async (session) => {
        await session.query(`SET max_parallel_workers_per_gather = 0`);
        return work(session);
      }),
  };
}
