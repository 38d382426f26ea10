import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HEAD_OFFICE_STRUCTURE_ID, StructureType } from '@gdf/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/db/database';
import { ensureFiscalYears, listFiscalYears } from '../../../src/modules/ledger/fiscal-years.repository';
import { validateEntries } from '../../../src/modules/ledger/ledger-validation';
import { testDatabaseTargets } from '../support/databases';
import { seedSmallData } from '../support/small-seed';
import { seedSmall } from '../support/test-app';
import { killed, startWorkerProcess } from './worker-process';
import { ledgerRows, numberingGaps } from './ledger-rows';

/**
 * R-JOB-02: a validation job whose process is killed with SIGKILL in the middle resumes in the
 * next process to the very ledger an uninterrupted validation writes: no entry twice, none lost,
 * numbers without a gap. Real child processes (validation-worker.ts) on a PostgreSQL database
 * and on an embedded PGlite data directory, one entry-day per step.
 */
const WORKER = 'test/integration/jobs/validation-worker.ts';
const TODAY = '2026-11-21';
const OWNER = { structureId: HEAD_OFFICE_STRUCTURE_ID, structureType: StructureType.Federation, userId: null };

const startWorker = (env: Record<string, string>) => startWorkerProcess(WORKER, env);

/** The head office's 2025-2026 year validated in one transaction on `database`: the ledger to match. */
async function uninterruptedLedger(database: Database): Promise<string[]> {
  await database.transaction((tx) => ensureFiscalYears(tx, OWNER, TODAY));
  const year = (await listFiscalYears(database, HEAD_OFFICE_STRUCTURE_ID)).find((y) => y.debut === '2025-09-01')!;
  await validateEntries(database, OWNER, { exerciceId: year.id, jusquau: year.fin, closing: false, today: TODAY });
  return ledgerRows(database, HEAD_OFFICE_STRUCTURE_ID);
}

describe.each(testDatabaseTargets())('kill -9 during a validation job on $name (R-JOB-02)', (target) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it(
    'R-JOB-02: killed mid-way, the next process resumes it to the same ledger, nothing twice',
    { timeout: 600_000 },
    async () => {
      // The database the worker processes share: PostgreSQL's own copy, or a PGlite data directory.
      let env: Record<string, string>;
      let reopen: () => Promise<Database>;
      if (target.name === 'postgres') {
        const database = await target.open();
        cleanups.push(() => database.close());
        await seedSmall(database);
        env = { DATABASE_URL: database.url! };
        reopen = async () => database;
      } else {
        const dir = await mkdtemp(path.join(tmpdir(), 'gdf-kill-'));
        cleanups.push(() => rm(dir, { recursive: true, force: true }));
        const seeding = await openDatabase({ dataDir: dir });
        await seedSmallData(seeding);
        await seeding.close();
        env = { PGLITE_DIR: dir };
        reopen = () => openDatabase({ dataDir: dir });
      }
      const reference = await target.open();
      cleanups.push(() => reference.close());
      await seedSmall(reference);
      const expected = await uninterruptedLedger(reference);
      expect(expected.length).toBeGreaterThan(100);

      const first = startWorker({ ...env, ENQUEUE: '1', STEP_ENTRIES: '1' });
      cleanups.push(() => killed(first.child));
      // Killed once some steps are committed and many are left.
      const progress = await first.waitFor(
        ([tag, , done, total, status]) =>
          tag === 'PROGRESS' && status === 'en_cours' && Number(done) > 0 && Number(done) < Number(total) / 2,
        'validation commencée',
      );
      await killed(first.child);
      const jobId = progress[1]!;
      expect(first.output()).not.toContain('DONE');

      const second = startWorker({ ...env, JOB_ID: jobId, STEP_ENTRIES: '1' });
      cleanups.push(() => killed(second.child));
      const done = await second.waitFor(([tag]) => tag === 'DONE', 'validation terminée');
      expect(done.slice(2, 4), second.output().slice(-2000)).toEqual(['termine', '2']);
      await new Promise<void>((resolve) =>
        second.child.exitCode !== null ? resolve() : second.child.once('exit', () => resolve()),
      );

      const database = await reopen();
      if (target.name === 'pglite') cleanups.push(() => database.close());
      expect(await ledgerRows(database, HEAD_OFFICE_STRUCTURE_ID)).toEqual(expected);
      expect(await numberingGaps(database, HEAD_OFFICE_STRUCTURE_ID)).toBe(0);
      const [job] = await database.query<{ fait: number; total: number }>(
        `SELECT "Fait"::int AS fait, "Total"::int AS total FROM "APP_Traitement" WHERE id = $1`,
        [Number(jobId)],
      );
      expect(job!.fait).toBe(job!.total);
      expect(job!.total).toBe(expected.filter((row) => !/^[FR]\|/.test(row)).length);
    },
  );
});
