import {
  buildBankEntry,
  buildUnreconciledSettlementEntry,
  fluxPieceRef,
  settlementLettering,
  unreconciledSettlementDay,
  unreconciledThirdPartyCents,
  withLettering,
  type AccountingEntry,
  type ThirdPartyRule,
} from '@gdf/domain';
import type { Queryable } from '../../db/queryable';
import { readSettlementRows, readUnreconciledRows } from './settlement-entries.repository';

/**
 * Settlement entries (R-BANK-06, ADR 0017): each part of a confirmed bank reconciliation of
 * the books owner's statements (the head office's) is booked in journal BQ on the bank's
 * booking day. An entry is identified by its reconciliation and flux (CPT_Ecriture
 * ID_Rapprochement); an undone reconciliation whose entry is validated gets its reversal.
 */

export const settlementKey = (reconciliationId: number, fluxId: number) => `${reconciliationId}:${fluxId}`;

/** The settlement entries of these parts, from the reconciliation's facts and the flux's settlement now. */
export async function buildSettlementEntries(
  tx: Queryable,
  books: { owner: { structureId: number }; rule: ThirdPartyRule; bankAccount: { account: string; label: string } },
  parts: { reconciliationId: number; fluxId: number }[],
): Promise<Map<string, { entry: AccountingEntry; fingerprint: string }>> {
  const entries = new Map<string, { entry: AccountingEntry; fingerprint: string }>();
  if (parts.length === 0) return entries;
  for (const row of await readSettlementRows(tx, parts)) {
    const entry = buildBankEntry(
      {
        reconciliationId: row.reconciliationId,
        fluxId: row.fluxId,
        pieceRef: fluxPieceRef({ seasonId: row.seasonId, id: row.fluxId }),
        bookingDate: row.bookingDate,
        amountCents: Number(row.cents),
        structureCode: row.structureCode,
        structureName: row.structureName,
      },
      books.rule,
      books.bankAccount,
    );
    const lettering = row.relaunchCopy
      ? null
      : settlementLettering(
          {
            fluxId: row.fluxId,
            settled: row.settled,
            bankDay: row.bankSettled ? row.settledDay : null,
            otherDay: null,
          },
          'settlement',
        );
    entries.set(settlementKey(row.reconciliationId, row.fluxId), {
      entry: withLettering(entry, lettering),
      fingerprint: row.fingerprint,
    });
  }
  return entries;
}

/** The settlement entries of these flux (R-LEDG-14), from their facts now. */
export async function buildUnreconciledEntries(
  tx: Queryable,
  books: { owner: { structureId: number }; rule: ThirdPartyRule; transitAccount: { account: string; label: string } },
  fluxIds: number[],
): Promise<Map<number, { entry: AccountingEntry; fingerprint: string }>> {
  const entries = new Map<number, { entry: AccountingEntry; fingerprint: string }>();
  if (fluxIds.length === 0) return entries;
  for (const row of await readUnreconciledRows(tx, books.owner.structureId, fluxIds)) {
    const settlementDay = unreconciledSettlementDay(row.fluxDay, row.settledOn);
    const thirdPartyCents = unreconciledThirdPartyCents(
      { isDebit: row.isDebit, amountCents: Number(row.cents) },
      Number(row.reconciledCents),
    );
    // The staging query states the rule in SQL: both must say the same.
    if (settlementDay !== row.day || thirdPartyCents !== Number(row.thirdPartyCents)) {
      throw new Error(`Règlement hors rapprochement du flux ${row.fluxId} : jour ou montant incohérent`);
    }
    const entry = buildUnreconciledSettlementEntry(
      {
        fluxId: row.fluxId,
        pieceRef: fluxPieceRef({ seasonId: row.seasonId, id: row.fluxId }),
        settlementDay,
        thirdPartyCents,
        structureCode: row.structureCode,
        structureName: row.structureName,
        relaunchCopy: row.relaunchCopy,
      },
      books.rule,
      books.transitAccount,
    );
    entries.set(row.fluxId, { entry, fingerprint: row.fingerprint });
  }
  return entries;
}
