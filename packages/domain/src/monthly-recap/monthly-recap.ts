/**
 * The figures of a 'Récapitulatif mensuel' (R-RECAP-01, R-RECAP-03): for one structure (or the
 * head office's members) and one month, by category: billed, settled, rejected, relaunched,
 * avoirs and the reste dû at the month's end, read with the balance rule (R-BAL-01) over the
 * relevé de compte's parts of the month, so its reste dû is the relevé's closing balance at the
 * month's end; and the month's end ageing with the relevé's buckets (R-STMT-02).
 */
import type { Cents } from '../money/money';
import { parisIsoDate } from '../documents/document-format';
import { resteDuByFlux, settledAmount } from '../receivables/reste-du';
import {
  addCalendarDays,
  buildAccountStatementFromParts,
  AGEING_BUCKETS,
  type AccountFlux,
  type AgeingBucket,
  type StatementPeriod,
} from '../account-statement/account-statement';

/** A flux of the recap: the relevé's flux with its category's name. */
export interface RecapFlux extends AccountFlux {
  category: string;
}

/** The relevé's parts of the month (AccountStatementParts), with categories. */
export interface RecapParts {
  periodFlux: readonly RecapFlux[];
  earlierOpenFlux: readonly RecapFlux[];
}

export interface CountedAmount {
  count: number;
  amount: Cents;
}

/** One category's month (or the total's, category null). */
export interface RecapCategoryFigures {
  category: string | null;
  billed: Cents;
  settled: Cents;
  rejected: CountedAmount;
  relaunched: CountedAmount;
  avoirs: Cents;
  resteDu: Cents;
}

export interface RecapFigures {
  period: StatementPeriod;
  byCategory: RecapCategoryFigures[];
  total: RecapCategoryFigures;
  /** R-STMT-02's buckets at the month's last day. */
  ageing: Record<AgeingBucket, CountedAmount>;
  overdueTotal: Cents;
}

/** R-RECAP-06: a ligue's or comité's shares earned and paid out over the month (R-PAY). */
export interface RecapShares {
  earned: Cents;
  paidOut: Cents;
}

/** A whole recap: the month, the same month of the previous season, and the shares when a payee. */
export interface MonthlyRecap {
  month: string;
  previousMonth: string;
  current: RecapFigures;
  previous: RecapFigures;
  shares: { current: RecapShares; previous: RecapShares } | null;
}

const emptyFigures = (category: string | null): RecapCategoryFigures => ({
  category,
  billed: 0,
  settled: 0,
  rejected: { count: 0, amount: 0 },
  relaunched: { count: 0, amount: 0 },
  avoirs: 0,
  resteDu: 0,
});

const within = (day: string | null | undefined, period: StatementPeriod) =>
  day !== null && day !== undefined && day >= period.from && day <= period.to;

/** What one flux adds to its category's month. */
function addFlux(figures: RecapCategoryFigures, flux: RecapFlux, period: StatementPeriod, resteDu: Cents) {
  const created = parisIsoDate(flux.createdAt);
  const inMonth = within(created, period);
  if (inMonth && flux.isDebit) figures.billed += flux.amountTTC;
  if (inMonth && !flux.isDebit) figures.avoirs += flux.amountTTC;
  // Settled over the month: settled by its end less settled by the day before it began.
  figures.settled += settledAmount(flux, period.to) - settledAmount(flux, addCalendarDays(period.from, -1));
  if (flux.isDebit && flux.bankReturn !== null && within(flux.bankReturn.date, period)) {
    figures.rejected.count += 1;
    figures.rejected.amount += flux.amountTTC;
  }
  if (flux.relaunchedBy !== null && flux.relaunchedAt !== null && within(parisIsoDate(flux.relaunchedAt), period)) {
    figures.relaunched.count += 1;
    figures.relaunched.amount += flux.amountTTC;
  }
  figures.resteDu += resteDu;
}

function addInto(total: RecapCategoryFigures, figures: RecapCategoryFigures) {
  total.billed += figures.billed;
  total.settled += figures.settled;
  total.rejected.count += figures.rejected.count;
  total.rejected.amount += figures.rejected.amount;
  total.relaunched.count += figures.relaunched.count;
  total.relaunched.amount += figures.relaunched.amount;
  total.avoirs += figures.avoirs;
  total.resteDu += figures.resteDu;
}

/**
 * R-RECAP-01: the month's figures from the relevé's parts of `period` (the month). The total's
 * reste dû is the relevé de compte's closing balance at the month's end (R-BAL-01, one money
 * story); each category's is the sum of its flux' reste dû that day.
 */
export function buildRecapFigures(parts: RecapParts, period: StatementPeriod): RecapFigures {
  const statement = buildAccountStatementFromParts(parts, period, period.to);
  const all = [...parts.earlierOpenFlux, ...parts.periodFlux];
  const reste = resteDuByFlux(all, period.to);
  const byName = new Map<string, RecapCategoryFigures>();
  for (const flux of all) {
    let figures = byName.get(flux.category);
    if (!figures) byName.set(flux.category, (figures = emptyFigures(flux.category)));
    addFlux(figures, flux, period, reste.get(flux.id) ?? 0);
  }
  const byCategory = [...byName.values()].sort((a, b) => a.category!.localeCompare(b.category!, 'fr'));
  const total = emptyFigures(null);
  for (const figures of byCategory) addInto(total, figures);
  total.resteDu = statement.closingBalance;
  const ageing = Object.fromEntries(
    AGEING_BUCKETS.map((bucket) => [bucket, { ...statement.overdue.buckets[bucket] }]),
  ) as Record<AgeingBucket, CountedAmount>;
  return { period, byCategory, total, ageing, overdueTotal: statement.overdue.total };
}
