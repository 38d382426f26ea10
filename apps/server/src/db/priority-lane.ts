import type { Database } from './database';

/**
 * `database` whose statements and transactions never wait behind heavy work (R-OPS-10): the
 * priority pool on PostgreSQL, the front of the queue on PGlite. For health, logins, session
 * checks and the structure standing every request reads: short statements only.
 */
export function priorityLane(database: Database): Database {
  return {
    ...database,
    query: (text, params, options) => database.query(text, params, { ...options, priority: true }),
    transaction: (work) => database.transaction(work, { priority: true }),
  };
}
