import type { Database } from '../../db/database';
import { CONTENT_NATURE, insertContent } from '../../db/content-store';
import type { JobContext, JobOutcome, JobProgress } from './job-kind';
import { JobStopped, type JobsSettings, type StopReason } from './job-settings';
import { commitCheckpoint, findJob, finishJob, readStepState, reportProgress, type JobRow } from './jobs.repository';

/**
 * What a job's kind runs with (R-JOB-02): its input and owner, the checkpoint it resumes from,
 * and `step`, which commits each step with its checkpoint under this attempt, or stops the
 * job when it was cancelled or another attempt holds it. `checkpoint()`: the last committed.
 */
export function createJobContext(
  runtime: {
    database: Database;
    background: JobContext<unknown, unknown>['database'];
    beforeStep: JobsSettings['beforeStep'];
  },
  job: { claimed: JobRow; type: string; controller: AbortController },
): { context: JobContext<unknown, unknown>; checkpoint: () => unknown } {
  const { database, background, beforeStep } = runtime;
  const { claimed, type, controller } = job;
  const { id, attempt } = claimed;
  let checkpoint: unknown = claimed.checkpoint ?? null;
  const throwIfStopped = () => {
    if (controller.signal.aborted) throw new JobStopped(controller.signal.reason as StopReason);
  };
  const context: JobContext<unknown, unknown> = {
    id,
    input: claimed.input,
    owner: { userId: claimed.userId, structureId: claimed.structureId },
    get checkpoint() {
      return checkpoint;
    },
    database: background,
    signal: controller.signal,
    throwIfStopped,
    report: (progress: JobProgress) => reportProgress(database, id, attempt, progress),
    async step(on, work) {
      // Back to the event loop between two steps: PGlite answers in-process, so steps chained
      // on resolved promises would hold it (and every request's timers and sockets) to the end.
      await new Promise((resolve) => setImmediate(resolve));
      await beforeStep?.({ id, type: type, signal: controller.signal });
      throwIfStopped();
      let next: unknown;
      const value = await on.transaction(async (tx) => {
        const state = await readStepState(tx, id, attempt);
        if (!state) throw new JobStopped('perdu');
        if (state.cancelAsked) throw new JobStopped('annule');
        const outcome = await work(tx);
        throwIfStopped(); // cancelled meanwhile: this step rolls back
        if (!(await commitCheckpoint(tx, id, attempt, outcome.checkpoint, outcome.progress))) {
          const row = await findJob(tx, id);
          throw new JobStopped(row?.attempt === attempt && row.cancelAsked ? 'annule' : 'perdu');
        }
        next = outcome.checkpoint;
        return outcome.value;
      });
      checkpoint = next;
      return value;
    },
  };
  return { context, checkpoint: () => checkpoint };
}

/** A job that ran to its end: finished with its summary and its file (stored here when given as bytes). */
export async function finishWithOutcome(
  database: Database,
  { id, attempt }: JobRow,
  outcome: JobOutcome,
): Promise<void> {
  await database.transaction(async (tx) => {
    const given = outcome.file;
    const contentId = !given
      ? null
      : 'contentId' in given
        ? given.contentId
        : (
            await insertContent(tx, {
              nature: CONTENT_NATURE.jobResult,
              bytes: given.bytes,
              mimeType: given.mimeType,
            })
          ).id;
    const finished = await finishJob(tx, id, attempt, {
      status: 'termine',
      result: outcome.summary,
      contentId,
      fileName: outcome.file?.name ?? null,
    });
    if (!finished) throw new JobStopped('perdu');
  });
}
