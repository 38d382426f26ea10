/**
 * Relevé de compte of a structure over a period (R-STMT-01, R-STMT-02): the structure's flux as a
 * running account, then what it still owes, aged.
 *
 * Sign convention, from the structure's point of view: a debit flux (EST_Debit) is what the
 * structure owes, shown in the 'Débit' column; a credit flux in 'Crédit'. A balance is
 * Σ débit − Σ crédit: positive means the structure owes that much to the federation.
 * - opening balance: the balance of every flux dated before the period;
 * - each flux of the period, in date order (then number), with the running balance after it;
 * - closing balance: opening + Σ débit − Σ crédit of the period (= the last running balance).
 * A flux's day is its creation instant's calendar day in Europe/Paris; flux after the period
 * are left out.
 *
 * The balance sums flux only: a debit settled without a credit flux (marked paid, or
 * reconciled with a bank entry) still counts in it. What is still unpaid is the 'due' part,
 * read from each flux's payment status (fluxPaymentStatus), not from the balance.
 */
import type { Cents } from '../money/money';
import { parisIsoDate } from '../documents/document-format';
import { fluxPaymentStatus, type FluxPaymentStatus } from '../flux/payment-status';
import { sepaReturnReasonLabel } from '../sepa/return-reasons';
import { parisToday } from '../flux/paris-day';

/** A flux as the statement reads it: amounts in integer cents (TTC). */
export interface AccountFlux {
  id: number;
  createdAt: Date;
  label: string;
  isDebit: boolean;
  amountTTC: Cents;
  /** DateEcheance, YYYY-MM-DD, or null when the flux has none. */
  dueDate: string | null;
  settled: boolean;
  /** ID_FluxFinancierRelance: the flux created by its relaunch. */
  relaunchedBy: number | null;
  /** The bank's return of this direct debit (MKP_RetourPrelevement), null when none. */
  bankReturn: BankReturn | null;
}

export interface BankReturn {
  type: 'rejet' | 'retour';
  /** ISO 20022 reason code, null when the bank gave none. */
  reasonCode: string | null;
  /** YYYY-MM-DD */
  date: string;
}

/** Inclusive calendar days in Europe/Paris, YYYY-MM-DD. */
export interface StatementPeriod {
  from: string;
  to: string;
}

export interface AccountStatementLine {
  fluxId: number;
  /** Paris calendar day, YYYY-MM-DD. */
  date: string;
  label: string;
  debit: Cents | null;
  credit: Cents | null;
  /** Balance after this flux. */
  balance: Cents;
}

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

export interface AccountStatement {
  period: StatementPeriod;
  /** The Paris day overdue flux are aged at. */
  asOf: string;
  openingBalance: Cents;
  lines: AccountStatementLine[];
  totalDebit: Cents;
  totalCredit: Cents;
  closingBalance: Cents;
  overdue: {
    flux: OverdueFlux[];
    buckets: Record<AgeingBucket, { count: number; amount: Cents }>;
    total: Cents;
  };
  rejected: RejectedDebit[];
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
export function overdueFlux(flux: readonly AccountFlux[], asOf: string): AccountStatement['overdue'] {
  const buckets = Object.fromEntries(AGEING_BUCKETS.map((bucket) => [bucket, { count: 0, amount: 0 }])) as Record<
    AgeingBucket,
    { count: number; amount: Cents }
  >;
  const overdue: OverdueFlux[] = [];
  for (const item of sortByDate(flux)) {
    if (!item.isDebit) continue;
    const status = statusOf(item);
    if (status !== 'impaye' && status !== 'rejete') continue;
    const dueDate = effectiveDueDate(item);
    const daysLate = calendarDaysBetween(dueDate, asOf);
    if (daysLate < 1) continue;
    const bucket = ageingBucket(daysLate);
    buckets[bucket].count += 1;
    buckets[bucket].amount += item.amountTTC;
    overdue.push({
      fluxId: item.id,
      date: parisIsoDate(item.createdAt),
      label: item.label,
      dueDate,
      daysLate,
      bucket,
      amount: item.amountTTC,
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

/**
 * A flux dated before the period matters beyond the opening balance only while it may still
 * be owed (overdue or a rejected debit): neither settled nor relaunched. The database reads
 * those alone, and sums the others into the opening balance.
 */
export function mayStillBeOwed(flux: Pick<AccountFlux, 'settled' | 'relaunchedBy'>): boolean {
  return !flux.settled && flux.relaunchedBy === null;
}

/** What a statement is built from when the database sums the flux before the period. */
export interface AccountStatementParts {
  /** Σ débit − Σ crédit of every flux dated before the period. */
  openingBalance: Cents;
  /** The flux dated in the period (Paris days). */
  periodFlux: readonly AccountFlux[];
  /** Flux dated before the period that may still be owed (mayStillBeOwed); any other is ignored. */
  earlierOpenFlux: readonly AccountFlux[];
}

/**
 * The statement of `flux` (one structure's, up to the end of the period at least) over
 * `period`. Overdue flux and rejected debits are read among the flux up to the period's end,
 * aged at `asOf` (today in Paris by default: payment statuses are today's facts).
 */
export function buildAccountStatement(
  flux: readonly AccountFlux[],
  period: StatementPeriod,
  asOf: string = parisToday(),
): AccountStatement {
  let openingBalance = 0;
  const periodFlux: AccountFlux[] = [];
  const earlierOpenFlux: AccountFlux[] = [];
  for (const item of flux) {
    const day = parisIsoDate(item.createdAt);
    if (day > period.to) continue;
    if (day >= period.from) periodFlux.push(item);
    else {
      openingBalance += item.isDebit ? item.amountTTC : -item.amountTTC;
      earlierOpenFlux.push(item);
    }
  }
  return buildAccountStatementFromParts({ openingBalance, periodFlux, earlierOpenFlux }, period, asOf);
}

/**
 * The same statement as buildAccountStatement from the flux before the period summed
 * (`openingBalance`) and only those of them still owed: a structure's whole history is
 * never read to state one season.
 */
export function buildAccountStatementFromParts(
  parts: AccountStatementParts,
  period: StatementPeriod,
  asOf: string = parisToday(),
): AccountStatement {
  const { openingBalance } = parts;
  let totalDebit = 0;
  let totalCredit = 0;
  const lines: AccountStatementLine[] = [];
  for (const item of sortByDate(parts.periodFlux)) {
    if (item.isDebit) totalDebit += item.amountTTC;
    else totalCredit += item.amountTTC;
    lines.push({
      fluxId: item.id,
      date: parisIsoDate(item.createdAt),
      label: item.label,
      debit: item.isDebit ? item.amountTTC : null,
      credit: item.isDebit ? null : item.amountTTC,
      balance: openingBalance + totalDebit - totalCredit,
    });
  }
  const upToEnd = [...parts.earlierOpenFlux.filter(mayStillBeOwed), ...parts.periodFlux];
  return {
    period,
    asOf,
    openingBalance,
    lines,
    totalDebit,
    totalCredit,
    closingBalance: openingBalance + totalDebit - totalCredit,
    overdue: overdueFlux(upToEnd, asOf),
    rejected: rejectedDebits(upToEnd),
  };
}
