import type { bulkPreviewRequestSchema, bulkIssueRequestSchema } from '@gdf/domain';
import {
  INVOICING_WRITE,
  JOB_KIND,
  JOB_LABELS,
  ModuleSlug,
  bulkExclusion,
  draftProblems,
  draftTotal,
  invoiceNumber,
  type BulkIssueAccepted,
  type BulkLotView,
  type BulkPreview,
  type BulkSelection,
} from '@gdf/domain';
import type { z } from 'zod';
import { writeAuditRows } from '../../db/audit-log';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { HttpError, badRequest, notFound } from '../../lib/http-errors';
import { issueFluxDocuments, type IssuanceSettings } from '../flux-documents/flux-documents.service';
import type { JobKind } from '../jobs/job-kind';
import type { JobRuntime } from '../jobs/job-runtime';
import { jobScope } from '../jobs/job-scope';
import { createJobsService } from '../jobs/jobs.service';
import { requireGrant, requireModule, type RequestScope } from '../scope/scope';
import type { DraftValues } from './draft.repository';
import { INVOICING_AUDIT, audit, draftValues, invoiceFluxFor, invoiceValues, requireTarifs } from './invoice-checks';
import { insertInvoiceFlux } from './invoice-flux.repository';
import {
  claimLot,
  findLot,
  lockLotContent,
  lotReport,
  lotStructuresDone,
  recordLotStructures,
  setLotJob,
} from './invoicing-lot.repository';
import { billableStructures, selectedStructures, type BillableStructure } from './invoicing.repository';
import { invoicingMessages as m } from './messages';

type BulkPreviewInput = z.infer<typeof bulkPreviewRequestSchema>;
type BulkIssueInput = z.infer<typeof bulkIssueRequestSchema>;

/** What a lot's every invoice says (FAC_Lot.Contenu), the structure aside. */
type LotContent = Omit<DraftValues, 'structureId'>;

export interface BulkInvoicingInput {
  lotId: number;
  /** The structures selected when asked, by id: each is checked again when its invoice is issued. */
  structureIds: number[];
}

export interface BulkInvoicingCheckpoint {
  done: number;
}

/** Structures one step issues (one transaction). */
const BULK_STEP_STRUCTURES = 100;

/** R-INV-01 to R-INV-05 on what every invoice of the lot says; the mandate is each structure's. */
async function checkContent(tx: Queryable, content: LotContent, now: Date): Promise<void> {
  const problems = draftProblems(content, { hasMandate: true, now });
  if (problems.length > 0) throw badRequest(problems.join(' '));
  await requireTarifs(tx, content.lines);
  await invoiceFluxFor(tx, content, now);
}

function contentOf(input: BulkPreviewInput): LotContent {
  const { structureId: _none, ...content } = draftValues({ ...input, structureId: 0 });
  return content;
}

/** R-INV-08: the selection split into the structures billed and those left out, with the reason. */
function classify(structures: readonly BillableStructure[], category: number) {
  const billed: BillableStructure[] = [];
  const excluded: Array<{ structure: BillableStructure; reason: string }> = [];
  for (const structure of structures) {
    const reason = bulkExclusion(structure, category);
    if (reason === null) billed.push(structure);
    else excluded.push({ structure, reason });
  }
  return { billed, excluded };
}

export function createBulkInvoicing(database: Database, jobs: JobRuntime | undefined, clock?: () => Date) {
  const now = () => clock?.() ?? new Date();
  return {
    /** R-INV-08: how many invoices, their total, and who is left out and why; writes nothing. */
    async preview(scope: RequestScope, input: BulkPreviewInput): Promise<BulkPreview> {
      requireModule(scope, ModuleSlug.CreationFactures);
      const content = contentOf(input);
      await checkContent(database, content, now());
      const { billed, excluded } = classify(
        await selectedStructures(database, scope, input.selection),
        content.category,
      );
      return {
        nombre: billed.length,
        totalCentimes: billed.length * draftTotal(content.lines),
        structures: billed.map((s) => ({ structureId: s.id, structure: s.name, codeFederal: s.federalCode })),
        ignorees: excluded.map(({ structure, reason }) => ({
          structureId: structure.id,
          structure: structure.name,
          raison: reason,
        })),
      };
    },

    /**
     * R-INV-09: 'Émettre' a bulk invoicing: the lot of the caller's key, made with its job in one
     * transaction, or the one this key made before (same content, else 409), never a second.
     */
    async start(scope: RequestScope, input: BulkIssueInput): Promise<BulkIssueAccepted> {
      requireGrant(scope, INVOICING_WRITE);
      if (!jobs) throw new Error('facturation en lot sans traitements');
      const content = contentOf(input);
      await checkContent(database, content, now());
      const selection: BulkSelection = input.selection;
      const structures = (await selectedStructures(database, scope, selection)).map((s) => s.id);
      if (structures.length === 0) throw badRequest(m.nobodyToBill);
      await jobs.start();
      const { lotId, jobId, created } = await database.transaction(async (tx) => {
        const claimed = await claimLot(tx, scope, input.cle, content.label, content, selection);
        if (!claimed.created) {
          if (!claimed.sameContent) throw new HttpError(409, m.lotOtherContent, 'conflict');
          return { lotId: claimed.lot.id, jobId: claimed.lot.jobId!, created: false };
        }
        const job = await jobs.enqueueWithin(
          tx,
          JOB_KIND.bulkInvoicing,
          { userId: scope.actor.userId, structureId: scope.currentStructureId },
          { lotId: claimed.lot.id, structureIds: structures } satisfies BulkInvoicingInput,
          {
            label: JOB_LABELS.bulkInvoicing(structures.length, content.label),
            key: `facturation-en-lot:${claimed.lot.id}`,
          },
        );
        await setLotJob(tx, claimed.lot.id, job.id);
        await audit(tx, scope, INVOICING_AUDIT.bulkStarted, 'FAC_Lot', claimed.lot.id, {
          cle: input.cle,
          structures: structures.length,
          traitement: job.id,
        });
        return { lotId: claimed.lot.id, jobId: job.id, created: true };
      });
      if (created) jobs.wake(JOB_KIND.bulkInvoicing);
      const job = await createJobsService(database, jobs).get(scope.actor, jobId);
      return { lotId, traitement: job };
    },

    /** What a lot issued and left out so far (its report). */
    async lot(scope: RequestScope, lotId: number): Promise<BulkLotView> {
      requireModule(scope, ModuleSlug.CreationFactures);
      const lot = await findLot(database, scope, lotId);
      if (!lot) throw notFound(m.lotNotFound);
      const rows = await lotReport(database, lotId);
      const selected = (lot.selection as BulkSelection).structureIds?.length ?? null;
      return {
        id: lot.id,
        cle: lot.key,
        libelle: lot.label,
        traitementId: lot.jobId,
        nombre: selected ?? rows.length,
        emises: rows.flatMap((row) =>
          row.fluxId === null
            ? []
            : [
                {
                  structureId: row.structureId,
                  structure: row.structure,
                  fluxId: row.fluxId,
                  numero: invoiceNumber(row.seasonId!, row.fluxId),
                },
              ],
        ),
        ignorees: rows.flatMap((row) =>
          row.reason === null ? [] : [{ structureId: row.structureId, structure: row.structure, raison: row.reason }],
        ),
      };
    },
  };
}

/**
 * R-INV-09: the job. Each step takes the next structures of the selection, skips those the lot
 * already settled (a step committed by an attempt that died before reporting), checks each
 * again (scope, blocked, address, mandate), then in one transaction under the lot's lock issues
 * their invoices (R-INV-05, set-based issuance) and records (lot, structure) with the flux or the
 * reason: the primary key makes a second issue for a structure impossible.
 */
export function bulkInvoicingJob(
  issuance: IssuanceSettings,
  options: { stepStructures?: number; clock?: () => Date } = {},
): JobKind<BulkInvoicingInput, BulkInvoicingCheckpoint> {
  const stepSize = options.stepStructures ?? BULK_STEP_STRUCTURES;
  return {
    type: JOB_KIND.bulkInvoicing,
    retryLimit: 5,
    async run(context) {
      const { input, database } = context;
      const scope = await jobScope(database, context.owner);
      requireGrant(scope, INVOICING_WRITE);
      const total = input.structureIds.length;
      let checkpoint = context.checkpoint ?? { done: 0 };
      while (checkpoint.done < total) {
        context.throwIfStopped();
        const before = checkpoint;
        const chunk = input.structureIds.slice(before.done, before.done + stepSize);
        checkpoint = await context.step(database, async (tx) => {
          // Under the lot's lock: two attempts of one job (a stalled one, its successor) take turns.
          const content = await lockLotContent<LotContent>(tx, input.lotId);
          const settled = await lotStructuresDone(tx, input.lotId);
          const pending = chunk.filter((id) => !settled.has(id));
          const found = new Map((await billableStructures(tx, scope, pending)).map((s) => [s.id, s]));
          const records: Array<{ structureId: number; fluxId: number | null; reason: string | null }> = [];
          const toBill: number[] = [];
          for (const id of pending) {
            const structure = found.get(id);
            const reason = structure ? bulkExclusion(structure, content.category) : m.outOfScope;
            if (reason === null) toBill.push(id);
            else records.push({ structureId: id, fluxId: null, reason });
          }
          const at = options.clock?.() ?? new Date();
          const flux = await invoiceFluxFor(tx, content, at);
          const created = await insertInvoiceFlux(
            tx,
            toBill,
            invoiceValues({ ...content, structureId: 0 }, flux.ID_Saison, at),
          );
          for (const row of created) records.push({ structureId: row.structureId, fluxId: row.fluxId, reason: null });
          await recordLotStructures(tx, input.lotId, records);
          if (created.length > 0) {
            await writeAuditRows(
              tx,
              created.map((row) => ({
                userId: scope.actor.userId,
                structureId: scope.currentStructureId,
                action: INVOICING_AUDIT.invoiceIssued,
                table: 'MKP_FluxFinancier',
                targetId: row.fluxId,
                details: { lot: input.lotId, structure: row.structureId, totalCentimes: flux.MontantTTC },
              })),
            );
            const ids = created.map((row) => row.fluxId);
            await issueFluxDocuments(tx, { fromId: Math.min(...ids), toId: Math.max(...ids) + 1 }, issuance);
          }
          const next = { done: Math.min(total, before.done + chunk.length) };
          return {
            checkpoint: next,
            progress: { done: next.done, total, step: m.bulkStep(next.done, total) },
            value: next,
          };
        });
      }
      const rows = await lotReport(database, input.lotId);
      const issued = rows.filter((row) => row.fluxId !== null);
      const content = await lockLotContent<LotContent>(database, input.lotId);
      return {
        summary: {
          lotId: input.lotId,
          emises: issued.length,
          totalCentimes: issued.length * draftTotal(content.lines),
          ignorees: rows
            .filter((row) => row.reason !== null)
            .map((row) => ({ structureId: row.structureId, structure: row.structure, raison: row.reason })),
        },
      };
    },
  };
}
