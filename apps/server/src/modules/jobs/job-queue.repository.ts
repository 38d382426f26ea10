import type PgBoss from 'pg-boss';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';

/**
 * pg-boss passes a job's data as an object and absent options as undefined: as JSON text and
 * null they bind the same way through every driver (drizzle's, in a transaction, drops undefined).
 */
const bindable = (value: unknown) =>
  value === undefined
    ? null
    : value !== null &&
        typeof value === 'object' &&
        !Array.isArray(value) &&
        !(value instanceof Date) &&
        !Buffer.isBuffer(value)
      ? JSON.stringify(value)
      : value;

/** pg-boss's statements through our handle (or the caller's transaction). */
export const pgBossDb = (db: Pick<Database, 'query' | 'script'> | Queryable): PgBoss.Db => ({
  async executeSql(text: string, values?: unknown[]) {
    if (values && values.length > 0) return { rows: await db.query(text, values.map(bindable)) };
    if ('script' in db) return { rows: await db.script(text) };
    return { rows: await db.query(text) };
  },
});

/** PostgreSQL: `work` under the instances' one install lock (a session advisory lock). */
export async function underInstallLock(database: Database, work: () => Promise<unknown>) {
  if (database.kind !== 'postgres') return void (await work());
  await database.session(async (session) => {
    await session.query(`SELECT pg_advisory_lock(hashtext('gdf: installation de pg-boss'))`);
    try {
      await work();
    } finally {
      await session.query(`SELECT pg_advisory_unlock(hashtext('gdf: installation de pg-boss'))`);
    }
  });
}
