import {
  JOB_KIND,
  JOB_LABELS,
  ModuleSlug,
  canRemindOverdue,
  issuedAccountStatementFileName,
  type StatementBatchRequest,
  type StatementBatchResult,
} from '@gdf/domain';
import { sha256Hex } from '../../db/content-store';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { forbidden, notFound } from '../../lib/http-errors';
import { readWholeContent } from '../document-store/document-store.service';
import type { JobKind } from '../jobs/job-kind';
import type { JobRow, JobRuntime } from '../jobs/job-runtime';
import { jobScope } from '../jobs/job-scope';
import { appendZipPart, discardZipParts } from '../jobs/job-zip';
import { batchOutcome, finishBatchZip, firstCheckpoint, withLeftOut, type BatchCheckpoint } from '../jobs/job-batch';
import { requireModule, type RequestScope } from '../scope/scope';
import { countStructuresInScope } from './account-statement.repository';
import type { AccountStatementService } from './account-statement.service';
import type { IssuedStatement } from './issued-statements.repository';
import { statementBatchMessages as m } from './messages';

export interface StatementBatchInput {
  structureIds: number[];
  du: string;
  au: string;
  /** The relevés' ageing day (DateArrete), fixed when asked: a job resumed tomorrow issues the same ones. */
  asOf: string;
}

export type StatementBatchCheckpoint = BatchCheckpoint<StatementBatchResult>;

/** Issuing relevés for others: who follows structures (head office, ligue, comité) or a super admin. */
function requireBatchAccess(scope: RequestScope): void {
  requireModule(scope, ModuleSlug.FluxFinanciers);
  if (!scope.actor.isSuperAdmin && !canRemindOverdue(scope.currentStructureType)) throw forbidden(m.notFollowing);
}

/**
 * Relevés de compte of many structures at once (R-JOB-06, R-STMT-01..03, R-SEC-21): one step per
 * structure, in the order asked. A structure's relevé is computed as of the batch's day and
 * rendered outside any transaction, then stored in the step's transaction with its checkpoint,
 * under the structure's quota lock and the user's daily count (the same shared counter as a
 * single download: a structure whose quota is reached is left out, named with the reason).
 * The same relevé issued before (same period, day and content) is that one, never a second:
 * a restarted job, or a batch asked twice, issues each structure's relevé once. The result is
 * a ZIP of the PDFs with a sommaire.csv, built a part per step in the document store.
 */
export function statementBatchJob(
  statements: AccountStatementService,
): JobKind<StatementBatchInput, StatementBatchCheckpoint> {
  return {
    type: JOB_KIND.statements,
    retryLimit: 5,
    async run(context) {
      const { input, database } = context;
      const builtAt = new Date(`${input.asOf}T12:00:00Z`);
      const fileName = `releves-de-compte-${input.asOf}.zip`;
      let checkpoint: StatementBatchCheckpoint =
        context.checkpoint ?? firstCheckpoint({ du: input.du, au: input.au, emis: [], ignores: [] });
      const outcome = (contentId: number) => batchOutcome(checkpoint.result, fileName, contentId);
      if (checkpoint.contentId !== null) return outcome(checkpoint.contentId);

      const scope = await jobScope(database, context.owner);
      requireBatchAccess(scope);
      const total = input.structureIds.length;
      const period = { du: input.du, au: input.au };
      while (checkpoint.done < total) {
        context.throwIfStopped();
        const structureId = input.structureIds[checkpoint.done]!;
        const prepared = await statements.prepareBatchStatement(scope, structureId, period, input.asOf);
        const before = checkpoint;
        checkpoint = await context.step(database, async (tx) => {
          const result: StatementBatchResult = { ...before.result };
          let zip = before.zip;
          const issued = prepared ? await prepared.store(tx) : null;
          const structure = prepared?.structure.name ?? String(structureId);
          if (!issued) {
            const raison = prepared ? m.quotaReached : m.outOfScope;
            result.ignores = withLeftOut(result.ignores, { structureId, structure, raison });
          } else {
            const nouveau = !prepared!.same && Boolean(prepared!.pdf) && isRendered(issued, prepared!.pdf!);
            const bytes = nouveau ? prepared!.pdf! : await storedPdf(tx, issued);
            const name = issuedAccountStatementFileName(issued.number, structureId, issued.from, issued.to, 'pdf');
            zip = await appendZipPart(tx, zip, [{ name, bytes }], builtAt);
            result.emis = [...result.emis, { structureId, structure, numero: issued.number, id: issued.id, nouveau }];
          }
          const next: StatementBatchCheckpoint = { done: before.done + 1, result, zip, contentId: null };
          return { checkpoint: next, progress: { done: next.done, total, step: m.issuedFor(structure) }, value: next };
        });
      }

      const before = checkpoint;
      checkpoint = await context.step(database, async (tx) => {
        const next = await finishBatchZip(tx, before, batchSummary(before.result), builtAt);
        return { checkpoint: next, progress: { done: total, total, step: m.zipped }, value: next };
      });
      return outcome(checkpoint.contentId!);
    },
    async onStop(tx, { checkpoint }) {
      // The relevés issued stay issued (each is a document of its own); the archive's parts go.
      await discardZipParts(tx, checkpoint?.zip);
    },
  };
}

/** Whether the statement stored is the one this step rendered (not one issued meanwhile). */
const isRendered = (issued: IssuedStatement, pdf: Buffer) => issued.files.pdf.sha256 === sha256Hex(pdf);

async function storedPdf(tx: Queryable, issued: IssuedStatement): Promise<Buffer> {
  const bytes = await readWholeContent(tx, issued.files.pdf.contentId);
  if (!bytes) throw new Error(`DOC_Contenu ${issued.files.pdf.contentId} introuvable pour le relevé ${issued.number}`);
  return bytes;
}

/** sommaire.csv: one line per structure asked, its relevé's number and file, or why it has none. */
function batchSummary(result: StatementBatchResult) {
  return {
    header: ['Structure', 'N° de structure', 'Relevé', 'Observation'],
    lines: [
      ...result.emis.map((item) => [
        item.structure,
        String(item.structureId),
        item.numero,
        item.nouveau ? m.new : m.alreadyIssued,
      ]),
      ...result.ignores.map((item) => [item.structure, String(item.structureId), '', item.raison]),
    ],
  };
}

/**
 * POST /api/releves-de-compte/lots, checked as the request would be (R-JOB-06): the flux module,
 * a structure that follows others, every structure in scope (else 404, nothing queued), the
 * period; then one job per user at a time.
 */
export async function startStatementBatchJob(
  database: Database,
  jobs: JobRuntime,
  statements: AccountStatementService,
  scope: RequestScope,
  request: StatementBatchRequest,
): Promise<JobRow> {
  requireBatchAccess(scope);
  const visible = await countStructuresInScope(database, scope, request.structureIds);
  if (visible !== request.structureIds.length) throw notFound(m.structureNotFound);
  const { du, au } = await statements.period(request);
  const input: StatementBatchInput = { structureIds: request.structureIds, du, au, asOf: statements.today() };
  return jobs.enqueue(
    JOB_KIND.statements,
    { userId: scope.actor.userId, structureId: scope.currentStructureId },
    input,
    {
      label: JOB_LABELS.statements(request.structureIds.length, du, au),
      key: `releves-en-lot:${scope.actor.userId}`,
    },
  );
}
