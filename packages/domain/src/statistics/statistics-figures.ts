/**
 * R-STAT-03 to R-STAT-06: the figures of 'Etats statistiques' from their sums: the collection
 * rate (basis points) and mean delay, the ageing ranges of the arrears (R-STMT-02's buckets),
 * the labels. Integer cents throughout (R-DATA-01).
 */
import type { Cents } from '../money/money';
import { AGEING_BUCKETS, addCalendarDays, type AgeingBucket } from '../account-statement/account-statement';
import { sepaReturnReasonLabel } from '../sepa/return-reasons';

/** R-STAT-03: Σ réglé / Σ facturé in basis points (10 000 = 100 %), rounded down; null when nothing was billed. */
export function collectionRateBasisPoints(billed: Cents, settled: Cents): number | null {
  if (billed <= 0) return null;
  return Math.floor((settled * 10_000) / billed);
}

/** R-STAT-03: the mean of the settled debits' days from creation to settlement, rounded; null without one. */
export function meanDelayDays(totalDays: number, count: number): number | null {
  return count > 0 ? Math.round(totalDays / count) : null;
}

/** A range of Paris days, both ends inclusive; `from` null: from the first day of the filters. */
export interface DayRange {
  from: string | null;
  to: string;
}

/**
 * R-STAT-05: the creation days of each ageing bucket on `today`: 0-30 days old (today and the
 * 30 days before), 31-60, 61-90, more than 90: R-STMT-02's buckets, aged from the creation day.
 */
export function ageingRanges(today: string): Record<AgeingBucket, DayRange> {
  const day = (age: number) => addCalendarDays(today, -age);
  return {
    '0-30': { from: day(30), to: today },
    '31-60': { from: day(60), to: day(31) },
    '61-90': { from: day(90), to: day(61) },
    '90+': { from: null, to: day(91) },
  };
}

/** `range` within [debut, fin], or null when they do not meet. */
export function withinPeriod(range: DayRange, debut: string, fin: string): { from: string; to: string } | null {
  const from = range.from === null || range.from < debut ? debut : range.from;
  const to = range.to > fin ? fin : range.to;
  return from <= to ? { from, to } : null;
}

export { AGEING_BUCKETS as STATISTICS_AGEING_BUCKETS };

/** R-STAT-04: a reject's reason, by its ISO code ('' when the bank gave none). */
export function rejectReasonLabel(code: string): string {
  return sepaReturnReasonLabel(code === '' ? null : code);
}

/** R-STAT-04: a bank by the bank code of the BIC its debit was presented to. */
export function rejectBankLabel(bankCode: string): string {
  return bankCode === '' ? 'Banque non renseignée' : bankCode;
}

/** The 'plus fortes hausses' listed at most (R-STAT-06). */
export const STATISTICS_TOP_RISES = 10;
