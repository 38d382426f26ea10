import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { closeDemoFiscalYears } from '../../../src/modules/ledger/ledger-validation';
import { testDatabaseTargets } from '../support/databases';
import { seedSmall } from '../support/test-app';

const TODAY = '2026-11-21'; // TEST_TODAY: 2025-2026 is the last ended fiscal year

/** Sequential scans of a table so far in this database (PGlite: one session, its counters are current). */
async function sequentialScans(database: Database, table: string): Promise<number> {
  const [row] = await database.query<{ scans: string }>(
    `SELECT coalesce(seq_scan, 0)::text AS scans FROM pg_stat_user_tables WHERE relname = $1`,
    [table],
  );
  return Number(row?.scans ?? 0);
}

describe.each(testDatabaseTargets())(
  'the demo closes its past fiscal years on $name (R-LEDG-09, R-PERF-09)',
  (target) => {
    let database: Database;
    let closed: number;
    let scans: number;

    beforeAll(async () => {
      database = await target.open();
      await seedSmall(database);
      const before = await sequentialScans(database, 'CPT_Ecriture');
      closed = await closeDemoFiscalYears(database, TODAY);
      scans = (await sequentialScans(database, 'CPT_Ecriture')) - before;
    });
    afterAll(async () => database?.close());

    it('closes every year ended before the last one, in every books, and books their flux', async () => {
      const years = await database.query<{ statut: string; ended: boolean; n: number }>(
        `SELECT "Statut" AS statut, "DateFin" < '2025-09-01' AS ended, count(*)::int AS n
         FROM "CPT_Exercice" GROUP BY 1, 2 ORDER BY 1, 2`,
      );
      expect(years).toEqual([
        { statut: 'cloture', ended: true, n: closed },
        { statut: 'ouvert', ended: false, n: expect.any(Number) },
      ]);
      expect(closed).toBeGreaterThan(1);
      const [entries] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM "CPT_Ecriture"`);
      expect(entries?.n).toBeGreaterThan(100);
    });

    // Each line written checks its entry exists: a plan made while the ledger was recorded empty
    // scans it whole each time, and PGlite keeps that plan (42 closings, 42,582 entries: minutes).
    // Its counters are current in its one session; PostgreSQL's reach the view later.
    if (target.name === 'pglite')
      it('checks each line written by an index lookup, never a scan of the ledger', async () => {
        const [lines] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM "CPT_EcritureLigne"`);
        expect(lines?.n).toBeGreaterThan(20 * closed);
        expect(scans).toBeLessThanOrEqual(closed); // the staging reads, not one per line
      });
  },
);
