import {
  JOB_KIND,
  JOB_LABELS,
  type ReminderBatchResult,
  type ReminderIssueRequest,
  type ReminderLevel,
} from '@gdf/domain';
import type { JobKind } from '../jobs/job-kind';
import type { JobRow, JobRuntime } from '../jobs/job-runtime';
import { jobScope } from '../jobs/job-scope';
import { appendZipPart, discardZipParts } from '../jobs/job-zip';
import { batchOutcome, finishBatchZip, firstCheckpoint, withLeftOut, type BatchCheckpoint } from '../jobs/job-batch';
import type { RequestScope } from '../scope/scope';
import type { ImpayesService } from './impayes.service';
import { reminderBatchMessages as m } from './messages';

export interface ReminderBatchInput {
  structureIds: number[];
  /** Absent: each structure's proposed level (R-DUE-02). */
  level?: ReminderLevel;
  /** The rank each structure's letter takes (R-DUE-05), fixed when asked. */
  ranks: Record<string, number>;
  /** The letters' day, and the instant their PDFs carry, fixed when asked. */
  asOf: string;
  issuedAt: string;
}

export type ReminderBatchCheckpoint = BatchCheckpoint<ReminderBatchResult>;

/**
 * Reminder letters to many structures as a job (R-JOB-09, R-DUE-01..05): checked as a whole
 * when asked, then one step per structure: its letter drawn and rendered outside any
 * transaction, then stored at its rank with its audit row, its ZIP entry and the checkpoint in
 * one transaction. The unique (structure, rank) index keeps a letter issued once: a step
 * resumed after its commit is not run again, and a rank taken meanwhile (another issue from
 * the same list) leaves that structure out, named in the result, where one request would have
 * refused the whole selection. The result is a ZIP of the letters with a sommaire.csv.
 */
export function reminderBatchJob(impayes: ImpayesService): JobKind<ReminderBatchInput, ReminderBatchCheckpoint> {
  return {
    type: JOB_KIND.reminders,
    retryLimit: 5,
    async run(context) {
      const { input, database } = context;
      const issuedAt = new Date(input.issuedAt);
      const fileName = `relances-${input.asOf}.zip`;
      let checkpoint: ReminderBatchCheckpoint =
        context.checkpoint ?? firstCheckpoint<ReminderBatchResult>({ emises: [], ignorees: [] });
      const outcome = (contentId: number) => batchOutcome(checkpoint.result, fileName, contentId);
      if (checkpoint.contentId !== null) return outcome(checkpoint.contentId);

      const scope = await jobScope(database, context.owner);
      const total = input.structureIds.length;
      while (checkpoint.done < total) {
        context.throwIfStopped();
        const structureId = input.structureIds[checkpoint.done]!;
        const rank = input.ranks[String(structureId)]!;
        const prepared = await impayes.prepareBatchLetter(scope, structureId, rank, input.level, input.asOf, issuedAt);
        const before = checkpoint;
        checkpoint = await context.step(database, async (tx) => {
          const result: ReminderBatchResult = { ...before.result };
          let zip = before.zip;
          const { structure } = prepared;
          const issued = 'skipped' in prepared ? null : await prepared.store(tx);
          if ('skipped' in prepared || !issued) {
            const raison = 'skipped' in prepared ? prepared.skipped : m.rankTaken(structure.name);
            result.ignorees = withLeftOut(result.ignorees, { structureId, structure: structure.name, raison });
          } else {
            zip = await appendZipPart(tx, zip, [{ name: issued.fileName, bytes: prepared.pdf }], issuedAt);
            result.emises = [
              ...result.emises,
              { id: issued.id, structureId, structure: structure.name, niveau: issued.level, centimes: issued.total },
            ];
          }
          const next: ReminderBatchCheckpoint = { done: before.done + 1, result, zip, contentId: null };
          return {
            checkpoint: next,
            progress: { done: next.done, total, step: m.issuedFor(structure.name) },
            value: next,
          };
        });
      }

      const before = checkpoint;
      checkpoint = await context.step(database, async (tx) => {
        const next = await finishBatchZip(tx, before, batchSummary(before.result), issuedAt);
        return { checkpoint: next, progress: { done: total, total, step: m.zipped }, value: next };
      });
      return outcome(checkpoint.contentId!);
    },
    async onStop(tx, { checkpoint }) {
      // Letters issued stay issued (each is audited); only the archive's parts go.
      await discardZipParts(tx, checkpoint?.zip);
    },
  };
}

function batchSummary(result: ReminderBatchResult) {
  return {
    header: ['Structure', 'N° de structure', 'Lettre', 'Niveau', 'Observation'],
    lines: [
      ...result.emises.map((item) => [
        item.structure,
        String(item.structureId),
        String(item.id),
        String(item.niveau),
        m.issued,
      ]),
      ...result.ignorees.map((item) => [item.structure, String(item.structureId), '', '', item.raison]),
    ],
  };
}

/** POST /api/impayes/relances for a large selection, or one asked in the background: checked, then queued. */
export async function startReminderBatchJob(
  jobs: JobRuntime,
  impayes: ImpayesService,
  scope: RequestScope,
  request: ReminderIssueRequest,
): Promise<JobRow> {
  const { asOf, ranks } = await impayes.checkBatch(scope, request);
  const input: ReminderBatchInput = {
    structureIds: request.structureIds,
    ...(request.level ? { level: request.level as ReminderLevel } : {}),
    ranks,
    asOf,
    issuedAt: new Date().toISOString(),
  };
  return jobs.enqueue(
    JOB_KIND.reminders,
    { userId: scope.actor.userId, structureId: scope.currentStructureId },
    input,
    { label: JOB_LABELS.reminders(request.structureIds.length), key: `relances-en-lot:${scope.currentStructureId}` },
  );
}
