import {
  DEFAULT_PAIN001_VERSION,
  ModuleSlug,
  PAYOUT_WRITE,
  StructureType,
  addCalendarDays,
  buildPain001,
  isTargetDay,
  parisToday,
  pain001Bic,
  sepaField,
  SEPA_MAX_LENGTH,
  payoutCancellationRefusal,
  payoutGenerateBodySchema,
  payoutPreviewQuerySchema,
  type PayoutBatchView,
  type PayoutGenerated,
  type Pain001Version,
  type PayoutPreviewAnswer,
  type SepaCreditTransfer,
} from '@gdf/domain';
import { CONTENT_NATURE, insertContent } from '../../db/content-store';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { writeAuditRows } from '../../db/audit-log';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http-errors';
import { parseInput } from '../../lib/validation';
import { openContent } from '../document-store/document-store.service';
import { resolveCreditor, type SepaSettings } from '../exports-sepa/sepa.service';
import { requireGrant, requireModule, type RequestScope } from '../scope/scope';
import { PAYOUT_TEXTS } from './messages';
import { pain001XmlProblems } from './payout-file-check';
import { checkConfirmedTotal, classify, publicRow, transferOf, type Classified } from './payout-payees';
import * as repo from './payouts.repository';
import { syncShares, syncSharesIn } from './shares-sync';

/** The payout files are the head office's (R-PAY-08). */
function requireHeadOffice(scope: RequestScope): void {
  if (scope.currentStructureType !== StructureType.Federation) throw forbidden(PAYOUT_TEXTS.headOfficeOnly);
}

/** R-PAY-05: the file, or the French 422 when a file-level rule refuses it (the debtor's data, a total). */
function buildFile(input: Parameters<typeof buildPain001>[0]): string {
  try {
    return buildPain001(input);
  } catch (error) {
    if (error instanceof RangeError)
      throw new HttpError(422, PAYOUT_TEXTS.invalidFile([error.message]), 'sepa-invalid');
    throw error;
  }
}

/** R-PAY-05: the bank's execution day: today or later within a year, a TARGET business day. */
function checkExecutionDay(day: string, today: string): void {
  if (day < today || day > addCalendarDays(today, 366)) throw badRequest(PAYOUT_TEXTS.executionDayOutOfRange);
  if (!isTargetDay(day)) throw badRequest(PAYOUT_TEXTS.executionDayClosed);
}

export function createPayoutsService(database: Database, settings: SepaSettings) {
  async function classified(day: string, withRefunds: boolean) {
    const shares = classify(await repo.sharePayees(database, day), 'shares');
    const refunds = withRefunds ? classify(await repo.refundPayees(database), 'refunds') : [];
    return [...shares, ...refunds];
  }

  return {
    /** R-PAY-07's preview: who would be paid what up to `au`, and who is left out and why. */
    async preview(scope: RequestScope, query: unknown): Promise<PayoutPreviewAnswer> {
      const { au = parisToday(), remboursements } = parseInput(payoutPreviewQuerySchema, query);
      requireModule(scope, ModuleSlug.ExportSepa);
      requireHeadOffice(scope);
      await syncShares(database);
      const rows = await classified(au, remboursements !== 'non');
      const payables = rows.filter((row) => !row.exclusion);
      return {
        au,
        payables: payables.map(publicRow),
        exclues: rows.filter((row) => row.exclusion).map(publicRow),
        totalCentimes: payables.reduce((total, row) => total + row.dueCentimes, 0),
      };
    },

    /**
     * R-PAY-05, R-PAY-07: one transaction under one lock: the payees read again, the file built
     * and checked against its XSD before anything is recorded; then the transfers, the refunds'
     * claim, the stored file and the audit row. Any failure rolls everything back.
     */
    async generate(scope: RequestScope, body: unknown, now = new Date()): Promise<PayoutGenerated> {
      const input = parseInput(payoutGenerateBodySchema, body);
      requireGrant(scope, PAYOUT_WRITE);
      requireHeadOffice(scope);
      const today = parisToday(now);
      checkExecutionDay(input.dateExecution, today);
      const au = input.au ?? today;
      const version = input.version ?? DEFAULT_PAIN001_VERSION;
      return database.transaction(async (tx) => {
        await repo.lockPayoutGeneration(tx);
        await syncSharesIn(tx, today);
        const shares = classify(await repo.sharePayees(tx, au), 'shares', version);
        const refunds =
          input.remboursements === false ? [] : classify(await repo.refundPayees(tx, true), 'refunds', version);
        const chosen = new Set(input.structures ?? []);
        const rows = [...shares, ...refunds].filter((row) => chosen.size === 0 || chosen.has(row.structureId));
        const payables = rows.filter((row) => !row.exclusion);
        if (payables.length === 0) throw new HttpError(409, PAYOUT_TEXTS.nothingToPay, 'conflict');
        checkConfirmedTotal(input.totalAttenduCentimes, payables);
        const batchId = await repo.insertPayoutBatch(tx, scope.currentStructureId, scope.actor.userId);
        const transfers = payables.map((row) => transferOf(batchId, row));
        const debtor = await resolveCreditor(tx, settings);
        const xml = buildFile({
          version,
          messageId: `VIR-${batchId}-${now.getTime()}`,
          paymentInfoId: `VIR-${batchId}`,
          createdAt: now,
          requestedExecutionDate: input.dateExecution,
          debtor: { name: debtor.name, iban: debtor.iban, bic: debtor.bic, address: debtor.address },
          transfers,
        });
        const problems = await pain001XmlProblems(xml, version);
        if (problems.length > 0) throw new HttpError(422, PAYOUT_TEXTS.invalidFile(problems), 'sepa-invalid');
        await record(tx, { batchId, payables, transfers, xml, scope, version, dateExecution: input.dateExecution, au });
        const [batch] = await repo.listPayoutBatches(tx, { id: batchId, limit: 1 });
        const { contentId: _content, ...view } = batch!;
        return { ...view, exclues: rows.filter((row) => row.exclusion).map(publicRow) };
      });
    },

    async batches(scope: RequestScope, page: { limit: number; offset: number }): Promise<PayoutBatchView[]> {
      requireModule(scope, ModuleSlug.ExportSepa);
      requireHeadOffice(scope);
      const rows = await repo.listPayoutBatches(database, page);
      return rows.map(({ contentId: _content, ...view }) => view);
    },

    async file(scope: RequestScope, batchId: number) {
      requireModule(scope, ModuleSlug.ExportSepa);
      requireHeadOffice(scope);
      const [batch] = await repo.listPayoutBatches(database, { id: batchId, limit: 1 });
      if (batch?.annuleLe) throw new HttpError(410, PAYOUT_TEXTS.cancelledFile, 'gone');
      const content = batch?.contentId ? await openContent(database, batch.contentId) : null;
      if (!batch || !content) throw notFound(PAYOUT_TEXTS.fileNotFound);
      return { fileName: batch.fichier, body: content.body, size: content.size };
    },

    /** R-PAY-07: 'Annuler le lot' before the bank executes the file. */
    async cancel(scope: RequestScope, batchId: number): Promise<PayoutBatchView> {
      requireGrant(scope, PAYOUT_WRITE);
      requireHeadOffice(scope);
      return database.transaction(async (tx) => {
        const [batch] = await repo.listPayoutBatches(tx, { id: batchId, limit: 1, lock: true });
        if (!batch) throw notFound(PAYOUT_TEXTS.fileNotFound);
        if (batch.annuleLe) throw new HttpError(409, PAYOUT_TEXTS.alreadyCancelled, 'conflict');
        const refusal = payoutCancellationRefusal(
          { dateExecution: batch.dateExecution, refundSettled: await repo.batchRefundSettled(tx, batchId) },
          parisToday(),
        );
        if (refusal) throw new HttpError(409, refusal, 'conflict');
        await repo.cancelPayoutBatch(tx, batchId, scope.actor.userId);
        await writeAuditRows(tx, [
          {
            userId: scope.actor.userId,
            structureId: scope.currentStructureId,
            action: repo.PAYOUT_AUDIT_CANCEL,
            table: 'MKP_Traitement',
            targetId: batchId,
            details: { nbVirements: batch.nbVirements, totalCentimes: batch.totalCentimes },
          },
        ]);
        const [cancelled] = await repo.listPayoutBatches(tx, { id: batchId, limit: 1 });
        const { contentId: _content, ...view } = cancelled!;
        return view;
      });
    },
  };
}

interface Recorded {
  batchId: number;
  payables: Classified[];
  transfers: SepaCreditTransfer[];
  xml: string;
  scope: RequestScope;
  version: Pain001Version;
  dateExecution: string;
  au: string;
}

/** The checked file's transfers, claims, content and audit row, in the generation's transaction. */
async function record(tx: Queryable, file: Recorded): Promise<void> {
  const { batchId, payables, transfers, scope } = file;
  await repo.insertPayoutLines(
    tx,
    batchId,
    payables.map((row, index) => ({
      structureId: row.structureId,
      nature: row.niveau === 'club' ? 'remboursement' : 'quote_part',
      cents: row.dueCentimes,
      endToEndId: transfers[index]!.endToEndId,
      // As the file carries them (R-PAY-07): the name in the EPC set cut to 70, the BIC the version takes.
      iban: transfers[index]!.creditorIban,
      bic: pain001Bic(transfers[index]!.creditorBic, file.version),
      holder: sepaField(transfers[index]!.creditorName, SEPA_MAX_LENGTH.name),
    })),
  );
  const refundIds = payables.flatMap((row) => row.fluxIds ?? []);
  if ((await repo.claimRefunds(tx, batchId, refundIds)) !== refundIds.length)
    throw new HttpError(409, PAYOUT_TEXTS.refundTaken, 'conflict');
  const fileName = `virements-sepa-${batchId}-${file.dateExecution}.xml`;
  const content = await insertContent(tx, {
    nature: CONTENT_NATURE.sepaTransfer,
    bytes: Buffer.from(file.xml, 'utf8'),
    mimeType: 'application/xml',
  });
  await repo.completePayoutBatch(tx, batchId, fileName, content.id);
  const totalCentimes = payables.reduce((total, row) => total + row.dueCentimes, 0);
  await writeAuditRows(tx, [
    {
      userId: scope.actor.userId,
      structureId: scope.currentStructureId,
      action: repo.PAYOUT_AUDIT_GENERATION,
      table: 'MKP_Traitement',
      targetId: batchId,
      details: {
        version: file.version,
        dateExecution: file.dateExecution,
        au: file.au,
        nbVirements: payables.length,
        totalCentimes,
        sha256: content.sha256,
      },
    },
  ]);
}
