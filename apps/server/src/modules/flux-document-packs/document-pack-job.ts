import {
  DOCUMENT_PACK_SUMMARY_NAME,
  JOB_KIND,
  JOB_LABELS,
  ModuleSlug,
  documentPackSummaryHeader,
  documentPackSummaryLine,
  parisToday,
  type DocumentPackRequest,
  type FluxDocumentKind,
} from '@gdf/domain';
import type { FluxDocumentsService } from '../flux-documents/flux-documents.service';
import type { JobKind } from '../jobs/job-kind';
import type { JobRow, JobRuntime } from '../jobs/job-runtime';
import { jobScope } from '../jobs/job-scope';
import {
  appendZipPart,
  discardZipParts,
  emptyZipParts,
  finishZipParts,
  type ZipEntry,
  type ZipParts,
} from '../jobs/job-zip';
import { requireModule, type RequestScope } from '../scope/scope';
import { readPackDocument } from './document-pack.service';
import { writePackAudit } from './pack-audit';
import { createPackSelection } from './pack-selection';
import { documentPackJobMessages as m } from './messages';

export interface DocumentPackJobInput {
  request: Pick<DocumentPackRequest, 'filters' | 'kinds'>;
  /** Documents the filters matched when asked: the pack never holds more (as the streamed one). */
  total: number;
  /** The ZIP's entries' date, fixed when asked: a job resumed later writes the same archive. */
  builtAt: string;
}

/** Where a pack job resumes: the flux it reached, its ZIP parts, its sommaire so far. */
export interface DocumentPackCheckpoint {
  afterFluxId: number;
  sent: number;
  zip: ZipParts;
  summary: string;
  /** The whole ZIP once the last step stored it. */
  contentId: number | null;
}

export interface DocumentPackJobSettings {
  /** Flux a step reads (all their documents), about 50 documents: a part of the ZIP each. */
  stepFlux: number;
}

/**
 * A document pack built in the background (R-JOB-05, R-DOC-08): the same selection, under the
 * owner's scope read again, the same documents through the single-download path (issued on
 * first read, which is itself idempotent), in flux id order. Each step reads a few flux'
 * documents, then stores their ZIP entries as one part and its checkpoint in one transaction;
 * the last step adds the sommaire.csv and the central directory, joins the parts into the
 * result in the document store and writes the pack's audit row. Cut short, a step leaves
 * nothing; resumed, the archive is the one an uninterrupted job writes.
 */
export function documentPackJob(
  documents: FluxDocumentsService,
  settings: DocumentPackJobSettings,
): JobKind<DocumentPackJobInput, DocumentPackCheckpoint> {
  return {
    type: JOB_KIND.documentPack,
    retryLimit: 5,
    async run(context) {
      const { input, database } = context;
      const builtAt = new Date(input.builtAt);
      const fileName = `documents-${parisToday(builtAt)}.zip`;
      let checkpoint: DocumentPackCheckpoint = context.checkpoint ?? {
        afterFluxId: 0,
        sent: 0,
        zip: emptyZipParts(),
        summary: documentPackSummaryHeader(),
        contentId: null,
      };
      const outcome = (contentId: number) => ({
        summary: { documents: checkpoint.sent, demandes: input.total, fichier: fileName },
        file: { name: fileName, contentId },
      });
      if (checkpoint.contentId !== null) return outcome(checkpoint.contentId);

      const scope = await jobScope(database, context.owner);
      requireModule(scope, ModuleSlug.FluxFinanciers);
      const selection = createPackSelection(database, scope, input.request.filters);
      const kinds = input.request.kinds as FluxDocumentKind[];
      await context.report({ done: checkpoint.sent, total: input.total, step: m.reading });

      for (;;) {
        context.throwIfStopped();
        const batch =
          checkpoint.sent < input.total ? await selection.batch(checkpoint.afterFluxId, settings.stepFlux) : [];
        if (batch.length === 0) break;
        const entries: ZipEntry[] = [];
        let summary = '';
        let sent = checkpoint.sent;
        let afterFluxId = checkpoint.afterFluxId;
        for (const flux of batch) {
          for (const kind of kinds) {
            if (sent >= input.total) break;
            context.throwIfStopped();
            const document = await readPackDocument(documents, scope, kind, flux.id);
            // Removed since the count: left out, like a flux the search no longer shows.
            if (!document) continue;
            // R-DOC-05: the name it downloads under alone.
            const name = document.fileName;
            entries.push({ name, bytes: document.bytes });
            summary += documentPackSummaryLine(flux, name);
            sent++;
          }
          afterFluxId = flux.id;
        }
        const previous = checkpoint;
        checkpoint = await context.step(database, async (tx) => {
          const next: DocumentPackCheckpoint = {
            afterFluxId,
            sent,
            zip: await appendZipPart(tx, previous.zip, entries, builtAt),
            summary: previous.summary + summary,
            contentId: null,
          };
          return { checkpoint: next, progress: { done: sent, total: input.total, step: m.added(sent) }, value: next };
        });
      }

      const before = checkpoint;
      checkpoint = await context.step(database, async (tx) => {
        const summaryEntry = { name: DOCUMENT_PACK_SUMMARY_NAME, bytes: Buffer.from(before.summary, 'utf8') };
        const content = await finishZipParts(tx, before.zip, [summaryEntry], builtAt);
        await writePackAudit(
          tx,
          { userId: scope.actor.userId, structureId: scope.currentStructureId },
          { request: input.request, total: input.total, sent: before.sent, complete: true, jobId: context.id },
        );
        const next: DocumentPackCheckpoint = { ...before, zip: emptyZipParts(), contentId: content.id };
        return { checkpoint: next, progress: { done: before.sent, total: input.total, step: m.zipped }, value: next };
      });
      return outcome(checkpoint.contentId!);
    },
    async onStop(tx, { id, owner, input, checkpoint }) {
      // The parts of an archive nobody will get go; the pack's audit row says how far it went.
      await discardZipParts(tx, checkpoint?.zip);
      if (owner.userId === null || checkpoint?.contentId) return;
      await writePackAudit(
        tx,
        { userId: owner.userId, structureId: owner.structureId },
        { request: input.request, total: input.total, sent: checkpoint?.sent ?? 0, complete: false, jobId: id },
      );
    },
  };
}

/** Queues the pack the route accepted (its checks done): one background pack per user at a time. */
export function startDocumentPackJob(
  jobs: JobRuntime,
  scope: RequestScope,
  request: DocumentPackRequest,
  total: number,
): Promise<JobRow> {
  const input: DocumentPackJobInput = {
    request: { filters: request.filters, kinds: request.kinds },
    total,
    builtAt: new Date().toISOString(),
  };
  return jobs.enqueue(
    JOB_KIND.documentPack,
    { userId: scope.actor.userId, structureId: scope.currentStructureId },
    input,
    { label: JOB_LABELS.documentPack(total, request.kinds), key: `lot-documents:${scope.actor.userId}` },
  );
}
