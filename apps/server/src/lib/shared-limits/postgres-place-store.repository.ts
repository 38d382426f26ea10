import type { Database } from '../../db/database';
import type { PlaceStore, TakeOutcome } from './places';

/**
 * Places in LIM_Place, for every process on the database (ADR 0049). A take holds the pool's
 * advisory lock for its transaction: the count it reads after the lock includes every take
 * committed before, so the pool never holds more than its capacity. Leases are the
 * database's clock (now()), the same for every process.
 */
export function createPostgresPlaceStore(database: Pick<Database, 'transaction' | 'query'>): PlaceStore {
  return {
    take(pool, holder, token, capacity, leaseMs) {
      return database.transaction(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock(hashtext('LIM_Place'), hashtext($1))`, [pool]);
        // A holder's own run-out row is taken over (ON CONFLICT); others' no longer count.
        const [row] = await tx.query<{ held: boolean; taken: boolean }>(
          `WITH live AS (
             SELECT "Detenteur" FROM "LIM_Place" WHERE "Groupe" = $1 AND "ExpireLe" > now()
           ), taken AS (
             INSERT INTO "LIM_Place" ("Groupe", "Detenteur", "Jeton", "ExpireLe")
             SELECT $1, $2, $3, now() + $5::float8 * interval '1 millisecond'
              WHERE NOT EXISTS (SELECT 1 FROM live WHERE "Detenteur" = $2)
                AND (SELECT count(*) FROM live) < $4::integer
             ON CONFLICT ("Groupe", "Detenteur")
               DO UPDATE SET "Jeton" = EXCLUDED."Jeton", "ExpireLe" = EXCLUDED."ExpireLe"
             RETURNING 1
           )
           SELECT EXISTS (SELECT 1 FROM live WHERE "Detenteur" = $2) AS held, EXISTS (SELECT 1 FROM taken) AS taken`,
          [pool, holder, token, capacity, leaseMs],
        );
        const outcome: TakeOutcome = row?.taken ? 'taken' : row?.held ? 'held' : 'full';
        return outcome;
      });
    },
    async renew(pool, holder, token, leaseMs) {
      const rows = await database.query(
        `UPDATE "LIM_Place" SET "ExpireLe" = now() + $4::float8 * interval '1 millisecond'
          WHERE "Groupe" = $1 AND "Detenteur" = $2 AND "Jeton" = $3 AND "ExpireLe" > now()
          RETURNING 1`,
        [pool, holder, token, leaseMs],
      );
      return rows.length > 0;
    },
    async release(pool, holder, token) {
      // Leases that ran out (a process that died) go at the same time.
      await database.query(
        `DELETE FROM "LIM_Place"
          WHERE ("Groupe" = $1 AND "Detenteur" = $2 AND "Jeton" = $3) OR "ExpireLe" <= now()`,
        [pool, holder, token],
      );
    },
  };
}
