/**
 * What a structure still owes, aged (R-STMT-02): its overdue flux by ageing bucket, and the
 * direct debits the bank rejected or returned. Part of the relevé de compte (account-statement.ts).
 */
import type { Cents } from '../money/money';
import { parisIsoDate } from '../documents/document-format';
import { fluxPaymentStatus, type FluxPaymentStatus } from '../flux/payment-status';
import { sepaReturnReasonLabel } from '../sepa/return-reasons';
import { resteDuByFlux } from '../receivables/reste-du';
import type { AccountFlux } from './account-statement';

export const AGEING_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
export const AGEING_BUCKET_LABELS: Record<AgeingBucket, string> = {
  '0-30': '0 à 30 jours',
  '31-60': '31 à 60 jours',
  '61-90': '61 à 90 jours',
  '90+': 'Plus de 90 jours',
};

/**
 * A flux without DateEcheance is due this many days after its creation day: the default
 * payment term of French trade law (30 days, Code de commerce L441-10).
 */
export const DEFAULT_PAYMENT_TERM_DAYS = 30;

export interface OverdueFlux {
  fluxId: number;
  date: string;
  label: string;
  /** DateEcheance, or the creation day + DEFAULT_PAYMENT_TERM_DAYS. */
  dueDate: string;
  daysLate: number;
  bucket: AgeingBucket;
  amount: Cents;
  status: FluxPaymentStatus;
}

export interface RejectedDebit {
  fluxId: number;
  date: string;
  label: string;
  amount: Cents;
  returnType: 'rejet' | 'retour';
  returnDate: string;
  reasonCode: string | null;
  reason: string;
}

/** What is overdue at a day: the flux, their count and amount per ageing bucket, their total. */
export interface OverdueSummary {
  flux: OverdueFlux[];
  buckets: Record<AgeingBucket, { count: number; amount: Cents }>;
  total: Cents;
}

const DAY_MS = 86_400_000;

/** Whole calendar days from `from` to `to` (YYYY-MM-DD); dates, not instants, so no DST hour. */
export function calendarDaysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export function addCalendarDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The bucket of a flux `daysLate` (≥ 1) days past its due day: 1-30, 31-60, 61-90, 91 and more. */
export function ageingBucket(daysLate: number): AgeingBucket {
  if (daysLate <= 30) return '0-30';
  if (daysLate <= 60) return '31-60';
  if (daysLate <= 90) return '61-90';
  return '90+';
}

/** DateEcheance, else the Paris creation day + the default payment term. */
export function effectiveDueDate(flux: Pick<AccountFlux, 'createdAt' | 'dueDate'>): string {
  return flux.dueDate ?? addCalendarDays(parisIsoDate(flux.createdAt), DEFAULT_PAYMENT_TERM_DAYS);
}

const statusOf = (flux: AccountFlux) =>
  fluxPaymentStatus({
    EST_Reglement: flux.settled,
    ID_FluxFinancierRelance: flux.relaunchedBy,
    MKP_RetourPrelevement: flux.bankReturn,
  });

/**
 * Overdue: a debit flux still owed ('impayé' or 'rejeté'; a relaunched one is carried by its
 * relaunch flux, so it is not counted twice) whose due day is before `asOf`. The due day
 * itself is not late: the day after is 1 day late, in bucket '0-30'.
 */
export function overdueFlux(flux: readonly AccountFlux[], asOf: string): OverdueSummary {
  const reste = resteDuByFlux(flux, asOf);
  const buckets = Object.fromEntries(AGEING_BUCKETS.map((bucket) => [bucket, { count: 0, amount: 0 }])) as Record<
    AgeingBucket,
    { count: number; amount: Cents }
  >;
  const overdue: OverdueFlux[] = [];
  for (const item of sortByDate(flux)) {
    if (!item.isDebit) continue;
    const status = statusOf(item);
    if (status !== 'impaye' && status !== 'rejete') continue;
    const amount = reste.get(item.id) ?? 0;
    if (amount <= 0) continue;
    const dueDate = effectiveDueDate(item);
    const daysLate = calendarDaysBetween(dueDate, asOf);
    if (daysLate < 1) continue;
    const bucket = ageingBucket(daysLate);
    buckets[bucket].count += 1;
    buckets[bucket].amount += amount;
    overdue.push({
      fluxId: item.id,
      date: parisIsoDate(item.createdAt),
      label: item.label,
      dueDate,
      daysLate,
      bucket,
      amount,
      status,
    });
  }
  return { flux: overdue, buckets, total: overdue.reduce((sum, item) => sum + item.amount, 0) };
}

/** Direct debits the bank rejected or returned that are still 'rejeté' (neither paid nor relaunched since). */
export function rejectedDebits(flux: readonly AccountFlux[]): RejectedDebit[] {
  return sortByDate(flux)
    .filter((item) => item.bankReturn !== null && statusOf(item) === 'rejete')
    .map((item) => ({
      fluxId: item.id,
      date: parisIsoDate(item.createdAt),
      label: item.label,
      amount: item.amountTTC,
      returnType: item.bankReturn!.type,
      returnDate: item.bankReturn!.date,
      reasonCode: item.bankReturn!.reasonCode,
      reason: sepaReturnReasonLabel(item.bankReturn!.reasonCode),
    }));
}

function sortByDate(flux: readonly AccountFlux[]): AccountFlux[] {
  return [...flux].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
}

/** Still owed today, so possibly overdue or a rejected debit: neither settled nor relaunched. */
export function mayStillBeOwed(flux: Pick<AccountFlux, 'settled' | 'relaunchedBy'>): boolean {
  return !flux.settled && flux.relaunchedBy === null;
}
