/**
 * A server process reduced to its jobs, for the kill -9 test (kill-during-validation.test.ts)
 * and the jobs bench: opens DATABASE_URL or PGLITE_DIR, starts the job workers with the
 * validation kind, enqueues the validation of the head office's year starting YEAR_START
 * (2025-09-01) when ENQUEUE=1, and prints its job's progress ('PROGRESS id done total status
 * attempt') until it ends ('DONE id status attempt'). Nothing else is shared with its parent.
 */
import { HEAD_OFFICE_STRUCTURE_ID, StructureType } from '@gdf/domain';
import { openDatabase } from '../../../src/db/database';
import { createJobRuntime } from '../../../src/modules/jobs/job-runtime';
import { findJob } from '../../../src/modules/jobs/jobs.repository';
import { ensureFiscalYears, listFiscalYears } from '../../../src/modules/ledger/fiscal-years.repository';
import { LEDGER_VALIDATION_JOB, ledgerValidationJob } from '../../../src/modules/ledger/ledger-validation-job';

const env = process.env;
const TODAY = env.TODAY ?? '2026-11-21';
const YEAR_START = env.YEAR_START ?? '2025-09-01';
const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.PGLITE_DIR! });
const runtime = createJobRuntime(
  database,
  [
    ledgerValidationJob({
      stepEntries: Number(env.STEP_ENTRIES ?? 1),
      // Staged two days at a time on PGlite, as the server does (app.ts); STAGE_DAYS to choose.
      ...(env.STAGE_DAYS || !env.DATABASE_URL ? { stageDays: Number(env.STAGE_DAYS ?? 2) } : {}),
    }) as never,
  ],
  // Quick to find a dead worker's job: the test and the bench restart one seconds after a kill.
  { pollingSeconds: 0.5, retryDelaySeconds: 1, heartbeatMs: 500, sweepMs: 500, staleSeconds: 3 },
  { info: () => undefined, error: (details, message) => console.error(message, details) },
);
await runtime.start();

let jobId = Number(env.JOB_ID ?? 0);
if (env.ENQUEUE === '1') {
  const owner = { structureId: HEAD_OFFICE_STRUCTURE_ID, structureType: StructureType.Federation, userId: null };
  await database.transaction((tx) => ensureFiscalYears(tx, owner, TODAY));
  const year = (await listFiscalYears(database, HEAD_OFFICE_STRUCTURE_ID)).find((y) => y.debut === YEAR_START)!;
  const job = await runtime.enqueue(
    LEDGER_VALIDATION_JOB,
    { userId: null, structureId: HEAD_OFFICE_STRUCTURE_ID },
    { exerciceId: year.id, jusquau: year.fin, closing: false, today: TODAY, structureType: StructureType.Federation },
    { label: `Validation de l’exercice commençant le ${YEAR_START}`, key: `livre:${HEAD_OFFICE_STRUCTURE_ID}` },
  );
  jobId = job.id;
}

for (;;) {
  const row = await findJob(database, jobId);
  if (row) console.log(`PROGRESS ${row.id} ${row.done} ${row.total ?? -1} ${row.status} ${row.attempt}`);
  if (row && ['termine', 'echoue', 'annule'].includes(row.status)) {
    console.log(`DONE ${row.id} ${row.status} ${row.attempt} ${row.error ?? ''}`);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, Number(env.POLL_MS ?? 100)));
}
await runtime.stop();
await database.close();
