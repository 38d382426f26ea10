import {
  buildPayoutTransferEntry,
  buildShareMovementEntry,
  fluxPieceRef,
  type AccountingEntry,
  type ShareAccount,
  type SharePayee,
  type ThirdPartyRule,
} from '@gdf/domain';
import type { Queryable } from '../../db/queryable';
import { readPayoutTransferRows, readShareMovementRows } from './share-entries.repository';

/** What building the share and payout entries needs of the books (R-PAY-10). */
export interface ShareEntryBooks {
  owner: { structureId: number };
  rule: ThirdPartyRule;
  bankAccount: { account: string; label: string };
  shareAccount: ShareAccount;
}

type Built = Map<number, { entry: AccountingEntry; fingerprint: string }>;

const payee = (code: string | null, name: string | null): SharePayee | null => (name === null ? null : { code, name });

/** The entries of these share movements (R-PAY-10), by movement id; none for a movement that moves no share. */
export async function buildShareMovementEntries(tx: Queryable, books: ShareEntryBooks, ids: number[]): Promise<Built> {
  const entries: Built = new Map();
  if (ids.length === 0) return entries;
  for (const row of await readShareMovementRows(tx, books.owner.structureId, ids)) {
    const entry = buildShareMovementEntry(
      {
        movementId: row.movementId,
        fluxId: row.fluxId,
        pieceRef: fluxPieceRef({ seasonId: row.seasonId, id: row.fluxId }),
        day: row.day,
        ligueCents: Number(row.ligueCents),
        comiteCents: Number(row.comiteCents),
        ligue: payee(row.ligueCode, row.ligueName),
        comite: payee(row.comiteCode, row.comiteName),
      },
      { account: row.account, label: row.accountLabel ?? row.account, section: row.section },
      books.shareAccount,
    );
    if (entry) entries.set(row.movementId, { entry, fingerprint: row.fingerprint });
  }
  return entries;
}

/** The bank entries of these transfers of payout files (R-PAY-10), by transfer id. */
export async function buildPayoutTransferEntries(tx: Queryable, books: ShareEntryBooks, ids: number[]): Promise<Built> {
  const entries: Built = new Map();
  if (ids.length === 0) return entries;
  for (const row of await readPayoutTransferRows(tx, ids)) {
    const entry = buildPayoutTransferEntry(
      {
        transferId: row.transferId,
        nature: row.nature,
        amountCents: Number(row.cents),
        reference: row.reference,
        executionDay: row.executionDay,
        payee: { code: row.payeeCode, name: row.payeeName },
      },
      books.shareAccount,
      books.rule,
      books.bankAccount,
    );
    entries.set(row.transferId, { entry, fingerprint: row.fingerprint });
  }
  return entries;
}
