import {
  allocationProblem,
  BANK_STATEMENT_TEXT,
  HEAD_OFFICE_STRUCTURE_ID,
  identifyPayer,
  settlesFlux,
  type BankEntryView,
  type ConfirmReconciliationBody,
} from '@gdf/domain';
import { writeAuditRows } from '../../db/audit-log';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { badRequest, HttpError, notFound } from '../../lib/http-errors';
import type { RequestScope } from '../scope/scope';
import {
  activeReconciliationParts,
  cancelReconciliation,
  entriesByIds,
  insertReconciliation,
  lockEntry,
  lockFlux,
  RECONCILIATION_AUDIT_ACTION,
  RECONCILIATION_UNDO_AUDIT_ACTION,
  settleFlux,
  unsettleUncovered,
  type EntryRow,
} from './bank-statements.repository';
import { entryViews, requireHeadOfficeWrite } from './bank-statements.service';
import { loadMatchingData, matchableEntry } from './matching-data';
import { openFluxByIds, type OpenFluxRow } from './matching.repository';

const conflict = (message: string) => new HttpError(409, message, 'conflict');
const unprocessable = (message: string) => new HttpError(422, message, 'unprocessable');

/**
 * Confirms a reconciliation (R-BANK-04: confirm, correct or split). One transaction: the
 * entry locked (a second confirmation waits, then finds it reconciled), the flux locked
 * and checked open and in scope with what they still owe, the parts checked by the
 * domain's allocationProblem, the reconciliation and its parts recorded, the flux whose
 * parts reach their amount settled on the bank's booking day, and the audit rows.
 */
export async function confirmReconciliation(
  database: Database,
  scope: RequestScope,
  entryId: number,
  body: ConfirmReconciliationBody,
): Promise<BankEntryView> {
  return changeEntry(database, scope, entryId, async (tx, entry, who) => {
    if (entry.direction !== 'credit') throw conflict(BANK_STATEMENT_TEXT.notACredit);
    if (entry.status !== null && entry.status !== 'BOOK') throw conflict(BANK_STATEMENT_TEXT.notBooked);
    if (entry.reconciliationId !== null) throw conflict(BANK_STATEMENT_TEXT.alreadyMatched);
    const ids = body.parts.map((part) => part.ID_FluxFinancier);
    const open = await openFluxByIds(tx, scope, ids, { lock: true });
    const byId = new Map(open.map((row) => [row.id, row]));
    await refuseOtherStructureUnlessConfirmed(tx, scope, entry, open, body.autreStructureConfirmee === true);
    const allocations = body.parts.map((part) => ({ fluxId: part.ID_FluxFinancier, amountCents: part.montantCents }));
    const problem = allocationProblem(
      Number(entry.cents),
      allocations,
      new Map(open.map((row) => [row.id, Number(row.dueCents)])),
    );
    if (problem) throw unprocessable(problem);
    const parts = allocations.map((part) => {
      const flux = byId.get(part.fluxId)!;
      const paidBefore = Number(flux.cents) - Number(flux.dueCents);
      return { ...part, settles: settlesFlux(Number(flux.cents), paidBefore + part.amountCents) };
    });
    const reconciliationId = await insertReconciliation(tx, { entryId, userId: scope.actor.userId, parts });
    const settled = await settleFlux(
      tx,
      parts.filter((part) => part.settles).map((part) => part.fluxId),
      { id: entryId, bookingDate: entry.bookingDate },
    );
    await writeAuditRows(tx, [
      {
        ...who,
        action: RECONCILIATION_AUDIT_ACTION,
        table: 'BQE_EcritureBancaire',
        targetId: entryId,
        details: {
          rapprochement: reconciliationId,
          releve: entry.statementId,
          montant: Number(entry.cents),
          parts: parts.map((part) => ({ flux: part.fluxId, montant: part.amountCents, regle: part.settles })),
        },
      },
      ...settled.map((fluxId) => ({
        ...who,
        action: 'reglement_flux',
        table: 'MKP_FluxFinancier',
        targetId: fluxId,
        details: { avant: false, apres: true, dateReglement: entry.bookingDate, ecritureBancaire: entryId },
      })),
    ]);
  });
}

/**
 * R-BANK-10: a flux of another structure than the entry's identified payer is reconciled only
 * when the request says the user was told and confirmed it; else a French 400 naming both.
 */
async function refuseOtherStructureUnlessConfirmed(
  tx: Queryable,
  scope: RequestScope,
  entry: EntryRow,
  flux: readonly OpenFluxRow[],
  confirmed: boolean,
): Promise<void> {
  if (confirmed) return;
  const matchable = matchableEntry(entry);
  const { data } = await loadMatchingData(tx, scope, [matchable]);
  const payer = identifyPayer(matchable, matchable.references, data);
  if (!payer) return;
  const other = flux.find((row) => row.structureId !== payer.structureId);
  if (!other) return;
  const payerName = data.structureNames?.names.get(payer.structureId) ?? String(payer.structureId);
  throw badRequest(BANK_STATEMENT_TEXT.otherStructure(payerName, other.structureName));
}

/**
 * 'Annuler le rapprochement': the reconciliation is dated cancelled (kept for the audit),
 * and the flux it settled whose remaining parts no longer cover them are unpaid again.
 */
export async function undoReconciliation(
  database: Database,
  scope: RequestScope,
  entryId: number,
): Promise<BankEntryView> {
  return changeEntry(database, scope, entryId, async (tx, entry, who) => {
    if (entry.reconciliationId === null) throw conflict(BANK_STATEMENT_TEXT.notMatched);
    const parts = await activeReconciliationParts(tx, [entryId]);
    const fluxIds = parts.map((part) => part.fluxId);
    // Lock the flux before changing what covers them.
    await lockFlux(tx, fluxIds);
    await cancelReconciliation(tx, entry.reconciliationId, scope.actor.userId);
    const unsettled = await unsettleUncovered(tx, fluxIds);
    await writeAuditRows(tx, [
      {
        ...who,
        action: RECONCILIATION_UNDO_AUDIT_ACTION,
        table: 'BQE_EcritureBancaire',
        targetId: entryId,
        details: { rapprochement: entry.reconciliationId, flux: fluxIds, nonRegles: unsettled },
      },
      ...unsettled.map((fluxId) => ({
        ...who,
        action: 'reglement_flux',
        table: 'MKP_FluxFinancier',
        targetId: fluxId,
        details: { avant: true, apres: false, annulationRapprochement: entry.reconciliationId },
      })),
    ]);
  });
}

type Who = { userId: number; structureId: number };

/**
 * A reconciliation change of one entry: the SEPA write grant from the head office, then one
 * transaction with the entry locked (a concurrent change waits, then sees this one's result),
 * and the entry as it is afterwards.
 */
async function changeEntry(
  database: Database,
  scope: RequestScope,
  entryId: number,
  change: (tx: Queryable, entry: EntryRow, who: Who) => Promise<void>,
): Promise<BankEntryView> {
  requireHeadOfficeWrite(scope);
  const who = { userId: scope.actor.userId, structureId: scope.currentStructureId };
  await database.transaction(async (tx) => {
    const entry = await lockEntry(tx, entryId, HEAD_OFFICE_STRUCTURE_ID);
    if (!entry) throw notFound(BANK_STATEMENT_TEXT.entryNotFound);
    await change(tx, entry, who);
  });
  return viewOfEntry(database, scope, entryId);
}

async function viewOfEntry(database: Database, scope: RequestScope, entryId: number): Promise<BankEntryView> {
  const [view] = await entryViews(database, scope, await entriesByIds(database, [entryId]));
  if (!view) throw notFound(BANK_STATEMENT_TEXT.entryNotFound);
  return view;
}
