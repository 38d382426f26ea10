import type { Cents } from '../money/money';
import type { AccountingEntry, EntryLine } from './entry';
import { entryNumberText, fiscalYearLabel, type FiscalYearBounds } from './fiscal-years';

/**
 * Opening entries ('à-nouveaux', R-LEDG-13, ADR 0046). Closing a fiscal year carries its
 * balance-sheet accounts (classes 1 to 5: the third parties 401/411, the bank 512...) into the
 * next year, each (account, auxiliary account) at its balance on the closing day. The revenue
 * and expense accounts (classes 6 and 7) start again from zero: their net, the year's result,
 * goes to 120000 'Résultat de l'exercice (bénéfice)' or 129000 '(perte)', where the PCG keeps it
 * until its assignment is decided (an accounting decision the product leaves to the treasurer).
 * So the opening entry balances by construction, as every entry of the closed year did.
 */

/** The journal of opening entries: reserved, no flux mapping may use it. */
export const OPENING_JOURNAL = 'AN';

export const RESULT_ACCOUNTS = {
  profit: { account: '120000', label: 'Résultat de l’exercice (bénéfice)' },
  loss: { account: '129000', label: 'Résultat de l’exercice (perte)' },
} as const;

/** An account's balance on the closing day: Σ debit − Σ credit, in cents. */
export interface AccountBalance {
  account: string;
  accountLabel: string;
  /** '' for a general account. */
  auxAccount: string;
  auxLabel: string;
  balanceCents: Cents;
}

/** Revenue (7) and expense (6) accounts are not carried forward: the result is. */
export const isCarriedForward = (account: string) => !account.startsWith('6') && !account.startsWith('7');

/** PieceRef of a year's opening entry: 'AN-2026-2027' (13 characters at most, as PNM's Reference). */
export const openingPieceRef = (year: FiscalYearBounds) => `${OPENING_JOURNAL}-${fiscalYearLabel(year)}`;

/**
 * The opening entry of `nextYear` from the balances of the year just closed: one line per
 * balance-sheet account with a balance (its side), then the result line that balances the entry.
 * Dated the first day of `nextYear`, numbered first in its AN journal. Null when nothing is
 * carried (every balance zero). `resultLabels` are the books' own labels of 120000/129000, if any.
 */
export function openingEntry(
  closedYear: FiscalYearBounds,
  nextYear: FiscalYearBounds,
  balances: readonly AccountBalance[],
  validDate: string,
  resultLabels: Partial<Record<string, string>> = {},
): AccountingEntry | null {
  const line = (balance: Omit<AccountBalance, 'balanceCents'>, cents: Cents): EntryLine => ({
    account: balance.account,
    accountLabel: balance.accountLabel,
    auxAccount: balance.auxAccount,
    auxLabel: balance.auxAccount ? balance.auxLabel : '',
    section: null,
    debitCents: cents > 0 ? cents : 0,
    creditCents: cents < 0 ? -cents : 0,
    lettered: false,
  });
  const carried = balances
    .filter((b) => b.balanceCents !== 0 && isCarriedForward(b.account))
    .sort((a, b) => compare(a.account, b.account) || compare(a.auxAccount, b.auxAccount));
  const lines = carried.map((b) => line(b, b.balanceCents));
  const net = carried.reduce((sum, b) => sum + b.balanceCents, 0);
  if (net !== 0) {
    const result = net > 0 ? RESULT_ACCOUNTS.profit : RESULT_ACCOUNTS.loss;
    const label = resultLabels[result.account] ?? result.label;
    lines.push(line({ account: result.account, accountLabel: label, auxAccount: '', auxLabel: '' }, -net));
  }
  if (lines.length === 0) return null;
  return {
    fluxId: null,
    journal: OPENING_JOURNAL,
    number: entryNumberText(OPENING_JOURNAL, nextYear, 1),
    sequence: 1,
    date: nextYear.debut,
    pieceRef: openingPieceRef(nextYear),
    pieceDate: nextYear.debut,
    validDate,
    lettering: null,
    label: `À nouveaux de l'exercice ${fiscalYearLabel(closedYear)}`,
    lines,
  };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
