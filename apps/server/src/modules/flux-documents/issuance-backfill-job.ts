import { HEAD_OFFICE_STRUCTURE_ID, JOB_KIND, JOB_LABELS } from '@gdf/domain';
import type { Database } from '../../db/database';
import { HttpError } from '../../lib/http-errors';
import type { JobKind } from '../jobs/job-kind';
import type { JobRow, JobRuntime } from '../jobs/job-runtime';
import { issueFluxDocuments, type IssuanceSettings } from './issue-documents';
import { missingIssuanceBounds, someIssuanceMissing } from './issuance.repository';
import { issuanceBackfillMessages as m } from './messages';

export interface IssuanceBackfillInput {
  /** Flux ids a step issues (one transaction each). */
  batchSize: number;
}

export interface IssuanceBackfillCheckpoint {
  /** The next range starts here. */
  fromId: number;
  /** The highest id not issued when the job began: flux created since are issued with their creation. */
  maxId: number;
  minId: number;
  issued: number;
}

/** Only one backfill waits or runs in the whole fleet (APP_Traitement's unique key). */
const ISSUANCE_BACKFILL_KEY = 'emission-documents-anterieurs';

/**
 * The issuance backfill as a job (R-JOB-08, R-DOC-01): flux created before documents were
 * issued with their flux are issued a range of ids per step, the range and the checkpoint in
 * one transaction. Issuing skips flux already issued, so a range is never issued twice, and a
 * job cut short (stop, kill -9) resumes from its last range in whichever process takes it. One
 * job for the whole fleet: each instance asks for it at start, the key lets one wait or run.
 */
export function issuanceBackfillJob(
  settings: IssuanceSettings,
): JobKind<IssuanceBackfillInput, IssuanceBackfillCheckpoint> {
  return {
    type: JOB_KIND.issuanceBackfill,
    retryLimit: 10,
    async run(context) {
      const { database, input } = context;
      const start = context.checkpoint ?? (await firstRange(database));
      if (!start) return { summary: { emis: 0 } };
      let checkpoint: IssuanceBackfillCheckpoint = start;
      const total = checkpoint.maxId - checkpoint.minId + 1;
      while (checkpoint.fromId <= checkpoint.maxId) {
        const before = checkpoint;
        const range = { fromId: before.fromId, toId: Math.min(before.fromId + input.batchSize, before.maxId + 1) };
        checkpoint = await context.step(database, async (tx) => {
          const issued = await issueFluxDocuments(tx, range, settings);
          const next: IssuanceBackfillCheckpoint = { ...before, fromId: range.toId, issued: before.issued + issued };
          return {
            checkpoint: next,
            progress: { done: range.toId - before.minId, total, step: m.issued(next.issued) },
            value: next,
          };
        });
      }
      return { summary: { emis: checkpoint.issued, premierFlux: checkpoint.minId, dernierFlux: checkpoint.maxId } };
    },
  };
}

async function firstRange(database: Database): Promise<IssuanceBackfillCheckpoint | null> {
  const bounds = await missingIssuanceBounds(database);
  if (!bounds || bounds.min === null || bounds.max === null) return null;
  return { fromId: bounds.min, minId: bounds.min, maxId: bounds.max, issued: 0 };
}

/**
 * Asked by every instance at start: queued when some flux has no documents yet, unless the
 * fleet's one backfill already waits or runs (null then, as when there is nothing to issue).
 */
export async function startIssuanceBackfill(
  database: Database,
  jobs: JobRuntime,
  batchSize: number,
): Promise<JobRow | null> {
  if (!(await someIssuanceMissing(database))) return null;
  try {
    return await jobs.enqueue(
      JOB_KIND.issuanceBackfill,
      { userId: null, structureId: HEAD_OFFICE_STRUCTURE_ID },
      { batchSize } satisfies IssuanceBackfillInput,
      { label: JOB_LABELS.issuanceBackfill, key: ISSUANCE_BACKFILL_KEY },
    );
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) return null;
    throw error;
  }
}
