import {
  INVOICING_MESSAGES,
  avoirAmountProblem,
  avoirLines,
  avoirSepaBatchProblem,
  draftAsFlux,
  draftTotal,
  fluxWriteProblems,
  formatEuros,
  invoiceNumber,
  parisToday,
  resteDuByFlux,
  type AvoirRequest,
  type IssuedInvoiceView,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { HttpError, badRequest, forbidden, notFound } from '../../lib/http-errors';
import { issueFluxDocuments, type IssuanceSettings } from '../flux-documents/flux-documents.service';
import { createReceivablesService } from '../receivables/receivables.service';
import type { RequestScope } from '../scope/scope';
import { INVOICING_AUDIT, audit, conflict } from './invoice-checks';
import { insertInvoiceFlux, invoiceLines, lockInvoice, type LockedInvoice } from './invoice-flux.repository';
import { seasonExists } from './invoicing.repository';
import { invoicingMessages as m } from './messages';

/** The invoice an avoir is made on, locked: in scope, not the caller's own structure, a debit that is not an avis. */
async function lockedInvoice(tx: Queryable, scope: RequestScope, fluxId: number): Promise<LockedInvoice> {
  const invoice = await lockInvoice(tx, scope, fluxId);
  if (!invoice) throw notFound(m.invoiceNotFound);
  if (invoice.structureId === scope.currentStructureId) throw forbidden(m.ownStructure);
  if (!invoice.isDebit) throw badRequest(INVOICING_MESSAGES.avoirNotInvoice);
  if (invoice.isAvis) throw badRequest(INVOICING_MESSAGES.avoirOfAvis);
  return invoice;
}

/** R-BAL-01: what the structure still owes on the invoice, read under its lock. */
async function resteDuOf(tx: Queryable, scope: RequestScope, invoice: LockedInvoice, day: string): Promise<number> {
  const open = await createReceivablesService(tx).openFluxByStructure(scope, day, {
    structureIds: [invoice.structureId],
  });
  return resteDuByFlux(open.get(invoice.structureId) ?? [], day).get(invoice.id) ?? 0;
}

/**
 * R-INV-07: an avoir on an issued invoice, total or by lines, never more than its reste dû
 * (R-BAL-01, R-BAL-02) read under the invoice's lock, never while a SEPA batch collects it
 * (R-INV-11); a credit flux naming the invoice,
 * issued the same way.
 */
export async function issueAvoir(
  database: Database,
  issuance: IssuanceSettings,
  at: Date,
  scope: RequestScope,
  request: AvoirRequest,
): Promise<IssuedInvoiceView> {
  return database.transaction(async (tx) => {
    const invoice = await lockedInvoice(tx, scope, request.factureId);
    // A flux the backfill has not reached yet is issued first: the avoir cites what was issued.
    if (!invoice.issued) await issueFluxDocuments(tx, { fromId: invoice.id, toId: invoice.id + 1 }, issuance);
    const chosen = avoirLines(await invoiceLines(tx, invoice.id), request);
    if ('problem' in chosen) throw badRequest(chosen.problem);
    const total = draftTotal(chosen.lines);
    const left = await resteDuOf(tx, scope, invoice, parisToday(at));
    const problem = avoirSepaBatchProblem(invoice, left) ?? avoirAmountProblem(total, left, formatEuros);
    if (problem) throw new HttpError(409, problem, 'conflict');
    const label = m.avoirLabel(invoiceNumber(invoice.seasonId, invoice.id));
    const asDebit = draftAsFlux({ label, dueDate: '', lines: chosen.lines }, at);
    const credit = { ...asDebit.flux, EST_Debit: false, DateEcheance: null };
    const lines = asDebit.lines.map((line) => ({ ...line, EST_Debit: false }));
    const problems = fluxWriteProblems(credit, lines);
    if (problems.length > 0) throw badRequest(problems.join(' '));
    if (!(await seasonExists(tx, credit.ID_Saison))) throw conflict(m.noSeason(credit.ID_Saison));
    const [created] = await insertInvoiceFlux(tx, [invoice.structureId], {
      label,
      category: invoice.category,
      seasonId: credit.ID_Saison,
      createdAt: at,
      dueDate: null,
      isDebit: false,
      creditFor: invoice.id,
      lines: chosen.lines,
    });
    const fluxId = created!.fluxId;
    await audit(tx, scope, INVOICING_AUDIT.avoirIssued, 'MKP_FluxFinancier', fluxId, {
      facture: invoice.id,
      structure: invoice.structureId,
      mode: request.mode,
      totalCentimes: total,
      resteDuAvant: left,
    });
    await issueFluxDocuments(tx, { fromId: fluxId, toId: fluxId + 1 }, issuance);
    return { fluxId, numero: invoiceNumber(credit.ID_Saison, fluxId), totalCentimes: total };
  });
}
