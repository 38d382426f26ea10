/**
 * A server process reduced to its jobs, for the kill -9 test of the issuance backfill
 * (kill-during-backfill.test.ts): opens DATABASE_URL or PGLITE_DIR, starts the job workers with
 * the backfill kind, asks for the backfill as a starting instance does (ENQUEUE=1), and prints
 * its job's progress ('PROGRESS id done total status attempt') until it ends ('DONE id status
 * attempt'). STEP_DELAY_MS paces its steps so the test can kill it mid-way.
 */
import { openDatabase } from '../../../src/db/database';
import { DEMO_SEPA_ICS } from '../../../src/modules/exports-sepa/sepa-settings';
import { issuanceBackfillJob, startIssuanceBackfill } from '../../../src/modules/flux-documents/issuance-backfill-job';
import { createJobRuntime } from '../../../src/modules/jobs/job-runtime';
import { findJob } from '../../../src/modules/jobs/jobs.repository';

const env = process.env;
const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.PGLITE_DIR! });
const delay = Number(env.STEP_DELAY_MS ?? 0);
const runtime = createJobRuntime(
  database,
  [issuanceBackfillJob({ creditorIdentifier: DEMO_SEPA_ICS }) as never],
  {
    pollingSeconds: 0.5,
    retryDelaySeconds: 1,
    heartbeatMs: 500,
    sweepMs: 500,
    staleSeconds: 3,
    beforeStep: () => new Promise((resolve) => setTimeout(resolve, delay)),
  },
  { info: () => undefined, error: (details, message) => console.error(message, details) },
);
await runtime.start();

let jobId = Number(env.JOB_ID ?? 0);
if (env.ENQUEUE === '1') {
  // Null when the fleet's one backfill already waits (JOB_ID names it then).
  const job = await startIssuanceBackfill(database, runtime, Number(env.BATCH_SIZE ?? 1));
  if (job) jobId = job.id;
  else if (!jobId) throw new Error('aucune émission à faire');
}

for (;;) {
  const row = await findJob(database, jobId);
  if (row) console.log(`PROGRESS ${row.id} ${row.done} ${row.total ?? -1} ${row.status} ${row.attempt}`);
  if (row && ['termine', 'echoue', 'annule'].includes(row.status)) {
    console.log(`DONE ${row.id} ${row.status} ${row.attempt} ${row.error ?? ''}`);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}
await runtime.stop();
await database.close();
