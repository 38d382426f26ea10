import type { Cents } from '../money/money';

/**
 * A bank statement as read from the head office's bank (R-BANK-01): camt.053 (ISO 20022 bank
 * to customer statement, every version from .001.02 (2009) to .001.08 (2019): the same
 * statement structure) or CFONB 120 (the French 120-character 'relevé de compte'). Both
 * readers produce this one model; import, deduplication and matching work on it only.
 */
export const BANK_STATEMENT_FORMATS = [
  'camt.053.001.02',
  'camt.053.001.03',
  'camt.053.001.04',
  'camt.053.001.05',
  'camt.053.001.06',
  'camt.053.001.07',
  'camt.053.001.08',
  'cfonb120',
] as const;
export type BankStatementFormat = (typeof BANK_STATEMENT_FORMATS)[number];

/** The largest statement file accepted (5,000 camt.053 entries are about 4 MB). */
export const BANK_STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

export type BankEntryDirection = 'credit' | 'debit';

/** The statement's account: camt.053 gives the IBAN, CFONB 120 the French BBAN. */
export interface BankStatementAccount {
  iban: string | null;
  /** CFONB 120: bank code (5) + branch code (5) + account number (11), as written. */
  bban: string | null;
}

/** A batch credited or debited as one entry (camt.053 NtryDtls/Btch). */
export interface BankEntryBatch {
  messageId: string | null;
  paymentInformationId: string | null;
  numberOfTransactions: number | null;
  /** Btch/TtlAmt, positive cents, when the bank gives it. */
  totalCents: Cents | null;
}

/** A CFONB 120 'complément' (05) record: its qualifier (LIB, LCC, RCN, NPY...) and 70 characters. */
export interface BankEntryDetail {
  qualifier: string;
  text: string;
}

export interface BankStatementEntry {
  /**
   * Unique within the statement, stable when the same statement is imported again:
   * camt.053 AcctSvcrRef, else NtryRef, else the entry's rank; CFONB 120 booking date, numéro
   * d'écriture and the movement's rank in its statement.
   */
  entryReference: string;
  /** yyyy-mm-dd. */
  bookingDate: string;
  /** yyyy-mm-dd, null when the bank gives none. */
  valueDate: string | null;
  /** Always positive: the sign is `direction`. */
  amountCents: Cents;
  direction: BankEntryDirection;
  /** camt.053 Sts (BOOK, PDNG, INFO); null for CFONB 120 (booked entries only). */
  status: string | null;
  /** camt.053 AddtlNtryInf, CFONB 120 libellé of the 04 record. */
  label: string | null;
  /** camt.053 RmtInf/Ustrd lines; CFONB 120 05 records LIB, LCC, LC2, LCS and REF. */
  remittanceInfo: string[];
  /** camt.053 TxDtls/Refs/EndToEndId (NOTPROVIDED left out); CFONB 120 05 RCN. */
  endToEndIds: string[];
  /** camt.053 RltdPties/Dbtr/Nm (or Dbtr/Pty/Nm in .08); CFONB 120 05 NPY. */
  debtorName: string | null;
  /** camt.053 RltdPties/DbtrAcct/Id/IBAN; CFONB 120 05 IPY when it is an IBAN. */
  debtorIban: string | null;
  batch: BankEntryBatch | null;
  /** camt.053 TxDtls count (0 when the bank details none); CFONB 120 0. */
  transactionCount: number;
  /** CFONB 120 code opération interbancaire (04 positions 33-34); camt.053 BkTxCd/Prtry/Cd. */
  bankTransactionCode: string | null;
  /** CFONB 120 05 records as written (empty for camt.053). */
  details: BankEntryDetail[];
}

export interface BankStatement {
  format: BankStatementFormat;
  /**
   * camt.053 Stmt/Id; CFONB 120 has none, so bank+branch+account and the closing date
   * (one statement per account and date).
   */
  statementId: string;
  account: BankStatementAccount;
  /** ISO 4217. */
  currency: string;
  /** Signed: negative for an overdrawn account. */
  openingBalanceCents: Cents;
  closingBalanceCents: Cents;
  /** yyyy-mm-dd: the opening balance's day (CFONB 01) or camt.053 FrToDt / OPBD. */
  fromDate: string;
  /** yyyy-mm-dd: the closing balance's day (CFONB 07) or camt.053 FrToDt / CLBD. */
  toDate: string;
  entries: BankStatementEntry[];
}

/** A statement file refused: `message` is French and names the line or element at fault. */
export class BankStatementError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BankStatementError';
  }
}

/** The signed effect of an entry on the balance, in cents. */
export function signedEntryCents(entry: Pick<BankStatementEntry, 'amountCents' | 'direction'>): Cents {
  return entry.direction === 'credit' ? entry.amountCents : -entry.amountCents;
}

/**
 * A statement's balances agree with its entries: opening + credits - debits = closing.
 * Entries other than booked ones (camt.053 PDNG, INFO) do not move the balance.
 */
export function balancesAgree(statement: BankStatement): boolean {
  const moved = statement.entries
    .filter((entry) => entry.status === null || entry.status === 'BOOK')
    .reduce((sum, entry) => sum + signedEntryCents(entry), 0);
  return statement.openingBalanceCents + moved === statement.closingBalanceCents;
}
