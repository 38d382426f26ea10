import { LOGIN_ADDRESS_MAX_FAILURES, LOGIN_ADDRESS_WINDOW_MS, LOGIN_FAILURE_MEMORY_MS } from '@gdf/domain';
import type { Database } from '../../db/database';
import { intArray } from '../../db/sql-arrays';
import { DELAY_STEPS, delayAfter, type ThrottleStore } from './login-throttle';

/** Run-out counts are deleted at most this often by each process. */
const SWEEP_EVERY_MS = 60_000;

/**
 * The login throttle's counts in the database (LIM_ConnexionCompte, LIM_ConnexionAdresse), for
 * every process on it when REDIS_URL is unset (R-SEC-06, ADR 0049). Each claim is one
 * INSERT ... ON CONFLICT DO UPDATE whose WHERE is the check: the row lock makes check and
 * count one step, so two processes never let through more guesses than one would. Times are
 * the throttle's clock (`now`), as in the Redis store.
 */
export function createPostgresThrottleStore(database: Pick<Database, 'query'>): ThrottleStore {
  const delays = intArray(Array.from({ length: DELAY_STEPS }, (_, index) => delayAfter(index + 1)));
  const at = (now: number) => new Date(now).toISOString();
  const until = async (table: 'LIM_ConnexionCompte' | 'LIM_ConnexionAdresse', column: string, key: string) => {
    const [row] = await database.query<{ until: Date | string }>(
      `SELECT "${column}" AS until FROM "${table}" WHERE "Cle" = $1`,
      [key],
    );
    return row ? new Date(row.until).getTime() : null;
  };
  let nextSweep = 0;
  // The lock after the failure counted by `failures` (an SQL expression): none ('epoch') after a
  // free failure, so a request whose clock is a little behind another's is still let through.
  const lockAfter = (failures: string) =>
    `CASE WHEN ($3::integer[])[${failures}] > 0
          THEN $2::timestamptz + ($3::integer[])[${failures}] * interval '1 millisecond'
          ELSE timestamptz 'epoch' END`;

  return {
    async claimAccount(key, now) {
      // A claim refused by a lock that was cleared just after is asked again.
      for (let attempt = 0; attempt < 3; attempt++) {
        const [claimed] = await database.query<{ failures: number }>(
          `INSERT INTO "LIM_ConnexionCompte" AS c ("Cle", "Echecs", "BloqueJusqua", "OublieLe")
           VALUES ($1, 1, ${lockAfter('1')}, $2::timestamptz + $4::float8 * interval '1 millisecond')
           ON CONFLICT ("Cle") DO UPDATE SET
             "Echecs" = CASE WHEN c."OublieLe" > $2::timestamptz THEN c."Echecs" + 1 ELSE 1 END,
             "BloqueJusqua" = ${lockAfter(
               `LEAST(CASE WHEN c."OublieLe" > $2::timestamptz THEN c."Echecs" + 1 ELSE 1 END, $5::integer)`,
             )},
             "OublieLe" = EXCLUDED."OublieLe"
           WHERE c."OublieLe" <= $2::timestamptz OR c."BloqueJusqua" <= $2::timestamptz
           RETURNING "Echecs" AS failures`,
          [key, at(now), delays, LOGIN_FAILURE_MEMORY_MS, DELAY_STEPS],
        );
        if (claimed) return { lockedForMs: delayAfter(claimed.failures) };
        const lockedUntil = await until('LIM_ConnexionCompte', 'BloqueJusqua', key);
        if (lockedUntil !== null && lockedUntil > now) return { retryAfterMs: lockedUntil - now };
      }
      return { retryAfterMs: 1000 };
    },
    async clearAccount(key) {
      await database.query(`DELETE FROM "LIM_ConnexionCompte" WHERE "Cle" = $1`, [key]);
    },
    async claimAddress(key, now) {
      if (now >= nextSweep) {
        nextSweep = now + SWEEP_EVERY_MS;
        await database.query(`DELETE FROM "LIM_ConnexionAdresse" WHERE "ExpireLe" <= $1::timestamptz`, [at(now)]);
        await database.query(`DELETE FROM "LIM_ConnexionCompte" WHERE "OublieLe" <= $1::timestamptz`, [at(now)]);
      }
      for (let attempt = 0; attempt < 3; attempt++) {
        const claimed = await database.query(
          `INSERT INTO "LIM_ConnexionAdresse" AS a ("Cle", "Echecs", "ExpireLe")
           VALUES ($1, 1, $2::timestamptz + $3::float8 * interval '1 millisecond')
           ON CONFLICT ("Cle") DO UPDATE SET
             "Echecs" = CASE WHEN a."ExpireLe" > $2::timestamptz THEN a."Echecs" + 1 ELSE 1 END,
             "ExpireLe" = CASE WHEN a."ExpireLe" > $2::timestamptz THEN a."ExpireLe" ELSE EXCLUDED."ExpireLe" END
           WHERE a."ExpireLe" <= $2::timestamptz OR a."Echecs" < $4::integer
           RETURNING 1`,
          [key, at(now), LOGIN_ADDRESS_WINDOW_MS, LOGIN_ADDRESS_MAX_FAILURES],
        );
        if (claimed.length > 0) return null;
        const expiresAt = await until('LIM_ConnexionAdresse', 'ExpireLe', key);
        if (expiresAt !== null && expiresAt > now) return { retryAfterMs: Math.max(expiresAt - now, 1000) };
      }
      return { retryAfterMs: 1000 };
    },
    async forgiveAddress(key) {
      await database.query(
        `UPDATE "LIM_ConnexionAdresse" SET "Echecs" = "Echecs" - 1 WHERE "Cle" = $1 AND "Echecs" > 0`,
        [key],
      );
    },
  };
}
