import type { Cents } from '../money/money';
import { BANK_JOURNAL } from './bank-entries';
import { signedEntryLine, thirdPartyAccount, type AccountingEntry, type EntryLine, type ThirdPartyRule } from './entry';

/**
 * R-PAY-10, ADR 0061: the books of each level's share (R-PAY-04) and of its payout (R-PAY-07),
 * in the head office's books.
 * - A share movement moves the federation's revenue to its debt: debit the account the sale's
 *   category credits (CPT_MappingFlux, with its section), credit the class-4 debt account set in
 *   Paramétrages comptables (467000 by default), one auxiliary account per payee (the debt
 *   account's first three characters + the payee's federal code, as 411 + code for a club);
 *   journal OD, dated the movement's day; a negative movement books the same lines reversed.
 * - A transfer of a payout file not cancelled pays: a share debits the payee's 467 auxiliary
 *   account, a refund the club's third-party account (411), against the bank account (512000),
 *   journal BQ, dated the file's execution day.
 */
export const SHARE_JOURNAL = 'OD';
export const DEFAULT_SHARE_ACCOUNT = '467000';
export const DEFAULT_SHARE_ACCOUNT_LABEL = 'Quotes-parts dues aux ligues et comités';

/** The class-4 account of the debts to ligues and comités, as Paramétrages comptables sets it. */
export interface ShareAccount {
  account: string;
  label: string;
}

export interface SharePayee {
  code: string | null;
  name: string;
}

/** The payee's auxiliary account under the debt account: its first three characters + federal code. */
export function sharePayeeAccount(debt: ShareAccount, payee: SharePayee): { account: string; label: string } {
  return { account: `${debt.account.slice(0, 3)}${payee.code ?? ''}`, label: payee.name };
}

export interface ShareMovementForEntry {
  movementId: number;
  /** The sale (FEC PieceRef is its invoice number). */
  fluxId: number;
  pieceRef: string;
  /** The movement's day, 'YYYY-MM-DD' (EcritureDate before R-LEDG-08, PieceDate). */
  day: string;
  /** Signed differences (R-PAY-04): negative reverses what was earned. */
  ligueCents: Cents;
  comiteCents: Cents;
  ligue: SharePayee | null;
  comite: SharePayee | null;
}

/** The revenue account the sale's category credits (its mapping). */
export interface RevenueAccount {
  account: string;
  label: string;
  section: string | null;
}

const signedLine = (
  account: { account: string; label: string },
  aux: { account: string; label: string } | null,
  section: string | null,
  debitWhenPositive: boolean,
  cents: Cents,
): EntryLine =>
  signedEntryLine(
    account.account,
    account.label,
    aux?.account ?? '',
    aux?.label ?? '',
    section,
    debitWhenPositive,
    cents,
  );

export const shareMovementLabel = (pieceRef: string) => `Quotes-parts ${pieceRef}`;

/** The entry of one share movement (R-PAY-10); null when it moves no share (only the kept money changed). */
export function buildShareMovementEntry(
  movement: ShareMovementForEntry,
  revenue: RevenueAccount,
  debt: ShareAccount,
): AccountingEntry | null {
  const credits: EntryLine[] = [];
  const payees: Array<[SharePayee | null, Cents]> = [
    [movement.ligue, movement.ligueCents],
    [movement.comite, movement.comiteCents],
  ];
  for (const [payee, cents] of payees) {
    if (cents === 0) continue;
    // R-PAY-04: a level without a payee earns nothing; a movement for it is a broken invariant.
    if (!payee) throw new Error(`Mouvement de quote-part ${movement.movementId} sans bénéficiaire`);
    credits.push(signedLine(debt, sharePayeeAccount(debt, payee), null, false, cents));
  }
  const total = movement.ligueCents + movement.comiteCents;
  if (credits.length === 0) return null;
  const lines = total === 0 ? credits : [signedLine(revenue, null, revenue.section, true, total), ...credits];
  return {
    fluxId: movement.fluxId,
    journal: SHARE_JOURNAL,
    number: `${SHARE_JOURNAL}-BROUILLARD-Q${movement.movementId}`,
    sequence: null,
    date: movement.day,
    pieceRef: movement.pieceRef,
    pieceDate: movement.day,
    validDate: null,
    lettering: null,
    label: shareMovementLabel(movement.pieceRef),
    lines,
  };
}

export interface PayoutTransferForEntry {
  transferId: number;
  nature: 'quote_part' | 'remboursement';
  /** Whole cents, positive (REV_VersementLigne Montant). */
  amountCents: Cents;
  /** EndToEndId: the transfer's reference (FEC PieceRef). */
  reference: string;
  /** The file's execution day, 'YYYY-MM-DD'. */
  executionDay: string;
  payee: SharePayee;
}

export const payoutTransferLabel = (nature: PayoutTransferForEntry['nature'], payee: string) =>
  `${nature === 'quote_part' ? 'Reversement quotes-parts' : 'Remboursement'} ${payee}`;

/** The bank entry of one transfer of a payout file (R-PAY-10). */
export function buildPayoutTransferEntry(
  transfer: PayoutTransferForEntry,
  debt: ShareAccount,
  rule: ThirdPartyRule,
  bank: { account: string; label: string },
): AccountingEntry {
  const [general, aux] =
    transfer.nature === 'quote_part'
      ? [debt, sharePayeeAccount(debt, transfer.payee)]
      : [
          { account: rule.collectiveAccount, label: rule.collectiveLabel },
          thirdPartyAccount(rule, { structureCode: transfer.payee.code, structureName: transfer.payee.name }),
        ];
  return {
    fluxId: null,
    journal: BANK_JOURNAL,
    number: `${BANK_JOURNAL}-BROUILLARD-V${transfer.transferId}`,
    sequence: null,
    date: transfer.executionDay,
    pieceRef: transfer.reference,
    pieceDate: transfer.executionDay,
    validDate: null,
    lettering: null,
    label: payoutTransferLabel(transfer.nature, transfer.payee.name),
    lines: [
      signedLine(general, aux, null, true, transfer.amountCents),
      signedLine(bank, null, null, false, transfer.amountCents),
    ],
  };
}
