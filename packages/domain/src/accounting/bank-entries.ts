import type { Cents } from '../money/money';
import { thirdPartyAccount, type AccountingEntry, type EntryLine, type ThirdPartyRule } from './entry';

/**
 * Settlement entries of the bank reconciliation (R-BANK-06, ADR 0017): each part of a
 * confirmed reconciliation is booked in the head office's books on the bank's booking day,
 * debit the bank account against the third-party account the sale entry debited.
 *
 * Journals are set per flux category (CPT_MappingFlux); a settlement has no category, and
 * no journal or bank account setting exists: 'BQ' (JOURNAL_LABELS: 'Banque') and 512000
 * (PCG 512 'Banques', in the default chart of every structure) are constants here.
 */
export const BANK_JOURNAL = 'BQ';
export const BANK_ACCOUNT = '512000';
/** Used when the books' chart has no 512000 account (its own label wins otherwise). */
export const BANK_ACCOUNT_LABEL = 'Banque';

export interface BankSettlementForEntry {
  reconciliationId: number;
  /** The flux the part settles. */
  fluxId: number;
  /** Its invoice number (FEC PieceRef), as on the sale entry. */
  pieceRef: string;
  /** The bank's booking day of the credit, 'YYYY-MM-DD' (FEC PieceDate and EcritureDate). */
  bookingDate: string;
  /** The part of the credit given to the flux. */
  amountCents: Cents;
  structureCode: string | null;
  structureName: string;
}

export const settlementLabel = (pieceRef: string) => `Règlement ${pieceRef}`;

/**
 * EcritureNum of a settlement entry not validated yet: one flux may have several parts
 * (a split, then the rest), and a sale entry in journal BQ, so the reconciliation is named.
 */
export const provisionalBankEntryNumber = (journal: string, reconciliationId: number, fluxId: number) =>
  `${journal}-BROUILLARD-R${reconciliationId}-${fluxId}`;

/**
 * The settlement entry of one part: debit 512 (the bank received the money), credit the
 * flux structure's third-party account (collective account + auxiliary account, as the
 * head office's sale entry: thirdPartyAccount), both for the part's amount.
 */
export function buildBankEntry(
  part: BankSettlementForEntry,
  rule: ThirdPartyRule,
  bank: { account: string; label: string } = { account: BANK_ACCOUNT, label: BANK_ACCOUNT_LABEL },
): AccountingEntry {
  const tiers = thirdPartyAccount(rule, part);
  const line = (account: string, label: string, aux: string, auxLabel: string, debit: boolean): EntryLine => ({
    account,
    accountLabel: label,
    auxAccount: aux,
    auxLabel,
    section: null,
    debitCents: debit ? part.amountCents : 0,
    creditCents: debit ? 0 : part.amountCents,
  });
  return {
    fluxId: part.fluxId,
    journal: BANK_JOURNAL,
    number: provisionalBankEntryNumber(BANK_JOURNAL, part.reconciliationId, part.fluxId),
    sequence: null,
    date: part.bookingDate,
    pieceRef: part.pieceRef,
    pieceDate: part.bookingDate,
    validDate: null,
    lettering: null,
    label: settlementLabel(part.pieceRef),
    lines: [
      line(bank.account, bank.label, '', '', true),
      line(rule.collectiveAccount, rule.collectiveLabel, tiers.account, tiers.label, false),
    ],
  };
}

/** What is known of a flux's settlement when one of its entries is built. */
export interface FluxSettlement {
  fluxId: number;
  /** EST_Reglement: fully settled. */
  settled: boolean;
  /** DateReglement of a flux a bank reconciliation settled (the booking day of the settling credit), else null. */
  bankDay: string | null;
  /** The Paris day of a settlement known otherwise (the audit log's settlementInstant), else null. */
  otherDay: string | null;
}

export type Lettering = NonNullable<AccountingEntry['lettering']>;

/**
 * Lettering (FEC EcritureLet/DateLet, columns 14-15 of article A47 A-1) of the third-party
 * line of a fully settled flux: the code 'L' + flux id, shared by the sale entry and its
 * settlement entries, dated the settlement day (the bank's booking day when a
 * reconciliation settled it). A flux partly paid is not lettered. A settlement entry is
 * lettered only when the bank settled the flux (its parts then sum to the flux amount);
 * a flux settled otherwise keeps the audit log's day on its sale entry (R-LEDG-08).
 */
export function settlementLettering(flux: FluxSettlement, entry: 'sale' | 'settlement'): Lettering | null {
  if (!flux.settled) return null;
  const date = entry === 'settlement' ? flux.bankDay : (flux.bankDay ?? flux.otherDay);
  return date ? { code: `L${flux.fluxId}`, date } : null;
}

/** The entry with its third-party lines (those with an auxiliary account) lettered. */
export function withLettering(entry: AccountingEntry, lettering: Lettering | null): AccountingEntry {
  if (!lettering) return entry;
  return { ...entry, lettering, lines: entry.lines.map((line) => ({ ...line, lettered: line.auxAccount !== '' })) };
}
