import type { Cents } from '../money/money';
import type { ShareLevel } from './shares';

/**
 * R-PAY-09: a ligue's or a comité's 'Relevé de reversements' over a period: what was due to it
 * at the start, each share movement of the period (R-PAY-04: earned, or reversed when negative),
 * each credit transfer it received (R-PAY-07, a non-cancelled file on its execution day), and
 * what is due at the end. Due = Σ shares earned − Σ transfers received, in cents.
 */

export interface StatementPeriodDays {
  from: string;
  to: string;
}

/** One share movement of the payee (R-PAY-04), with the sale it comes from. */
export interface PayoutStatementMovement {
  day: string;
  /** The sale's id (REV_MouvementQuotePart's flux) and its printed number. */
  fluxId: number;
  reference: string;
  club: string;
  category: string;
  /** The payee's share of the movement: positive earned, negative reversed. */
  shareCents: Cents;
}

/** One transfer of a payout file to the payee (R-PAY-07). */
export interface PayoutStatementTransfer {
  /** The file's execution day: the day the bank pays it. */
  day: string;
  fileName: string;
  endToEndId: string;
  amountCents: Cents;
}

/** What the database gives for a payee and a period: the sums before it and its rows. */
export interface PayoutStatementParts {
  level: ShareLevel;
  /** Σ shares with a day before the period, Σ transfers executed before it. */
  earnedBefore: Cents;
  receivedBefore: Cents;
  movements: readonly PayoutStatementMovement[];
  transfers: readonly PayoutStatementTransfer[];
}

type DatedLine = ({ kind: 'quote_part' } & PayoutStatementMovement) | ({ kind: 'versement' } & PayoutStatementTransfer);
export type PayoutStatementLine = DatedLine & { balance: Cents };

export interface PayoutStatement {
  level: ShareLevel;
  period: StatementPeriodDays;
  /** What was due to the payee the day before the period. */
  openingBalance: Cents;
  /** Date order; on a day, the movements before the transfers; each with the balance after it. */
  lines: PayoutStatementLine[];
  totalEarned: Cents;
  totalReversed: Cents;
  totalReceived: Cents;
  /** What is due to the payee at the period's last day. */
  closingBalance: Cents;
}

const lineAmount = (line: DatedLine) => (line.kind === 'quote_part' ? line.shareCents : -line.amountCents);

/** R-PAY-09: the statement of `parts`; rows outside `period` are left out (the caller's filter, checked). */
export function buildPayoutStatement(parts: PayoutStatementParts, period: StatementPeriodDays): PayoutStatement {
  const within = (day: string) => day >= period.from && day <= period.to;
  const movements = parts.movements.filter((movement) => within(movement.day));
  const transfers = parts.transfers.filter((transfer) => within(transfer.day));
  const dated: DatedLine[] = [
    ...movements.map((movement) => ({ kind: 'quote_part' as const, ...movement })),
    ...transfers.map((transfer) => ({ kind: 'versement' as const, ...transfer })),
  ];
  // A stable sort: on a day, the movements (in the order given) before the transfers.
  dated.sort((a, b) => (a.day === b.day ? 0 : a.day < b.day ? -1 : 1));
  const openingBalance = parts.earnedBefore - parts.receivedBefore;
  let balance = openingBalance;
  const lines = dated.map((line): PayoutStatementLine => {
    balance += lineAmount(line);
    return { ...line, balance };
  });
  const shares = movements.map((movement) => movement.shareCents);
  return {
    level: parts.level,
    period: { ...period },
    openingBalance,
    lines,
    totalEarned: shares.filter((cents) => cents > 0).reduce((sum, cents) => sum + cents, 0),
    totalReversed: shares.filter((cents) => cents < 0).reduce((sum, cents) => sum - cents, 0),
    totalReceived: transfers.reduce((sum, transfer) => sum + transfer.amountCents, 0),
    closingBalance: balance,
  };
}

/** "RR-2026-000042": the issue year, then the statement's id on six digits at least. */
export function payoutStatementNumber(id: number, issueDay: string): string {
  return `RR-${issueDay.slice(0, 4)}-${String(id).padStart(6, '0')}`;
}
