/**
 * Totals of a flux search (R-SEARCH-14): the summary line above the results and its
 * small chart. Integer cents throughout.
 */
import { toCents, type Cents } from '../money/money';
import { parisToday } from './paris-day';
import type { ReceivableTotals } from '../receivables/reste-du';

/**
 * R-SEARCH-14, R-BAL-03: the summary of the listed flux, in the balance rule's words: 'Total
 * facturé' (debits), 'Total réglé' (what settled them), 'Total avoirs et remboursements'
 * (credits) and 'Reste dû' (Σ of their signed reste dû: positive when the structures owe).
 */
export type FluxSearchTotals = ReceivableTotals;

type Amount = string | number | null;

/**
 * The sums the server returns for the search's debits and credits (null: no flux on that side).
 * 'Total réglé' is read from the debits not settled (open or relaunched: few, by the partial
 * indexes): a settled debit was settled whole, so what settled the listed debits is their total
 * less what the unsettled ones still lacked.
 */
export interface FluxTotalSums {
  debit: {
    count: number;
    amount: Amount;
    /** R-BAL-01's reste dû of the debits not settled: the open ones, and the relaunched ones whose replacement is not dated yet. */
    resteDu: Amount | readonly Amount[];
    /** For the debits not settled: their amount and what settled part of them (MontantRegle). */
    unsettled: ReadonlyArray<{ amount: Amount; settled: Amount }>;
  };
  credit: { count: number; amount: Amount; resteDu: Amount };
}

/**
 * The summary's one request (R-SEARCH-14, R-BAL-03) over a scoped `where`: count and amounts
 * split by EST_Debit, then the balance rule's figures (`MontantRegle`, `ResteDu`, computed by
 * the server: R-BAL-01) over the flux still open (neither settled nor relaunched: the partial
 * index of unpaid flux) and the relaunched debits, owed until their replacement, dated a month
 * on, exists. A closed flux owes nothing and a settled debit was settled whole, so the sums over
 * those few flux give the figures of all of them without reading every row of a season.
 */
export const FLUX_TOTALS_QUERY = `query FluxTotals(
  $debit: MKP_FluxFinancier_bool_exp!, $credit: MKP_FluxFinancier_bool_exp!,
  $openDebit: MKP_FluxFinancier_bool_exp!, $openCredit: MKP_FluxFinancier_bool_exp!,
  $relaunchedDebit: MKP_FluxFinancier_bool_exp!
) {
  debit: MKP_FluxFinancier_aggregate(where: $debit) { aggregate { count sum { MontantTTC } } }
  credit: MKP_FluxFinancier_aggregate(where: $credit) { aggregate { count sum { MontantTTC } } }
  openDebit: MKP_FluxFinancier_aggregate(where: $openDebit) { aggregate { sum { MontantTTC MontantRegle ResteDu } } }
  openCredit: MKP_FluxFinancier_aggregate(where: $openCredit) { aggregate { sum { ResteDu } } }
  relaunchedDebit: MKP_FluxFinancier_aggregate(where: $relaunchedDebit) { aggregate { sum { MontantTTC MontantRegle ResteDu } } }
}`;

const DEBIT = { EST_Debit: { _eq: true } };
const CREDIT = { EST_Debit: { _eq: false } };
const OPEN = { EST_Reglement: { _eq: false }, ID_FluxFinancierRelance: { _is_null: true } };
const RELAUNCHED = { EST_Reglement: { _eq: false }, ID_FluxFinancierRelance: { _is_null: false } };

type TotalsSide = 'debit' | 'credit' | 'openDebit' | 'openCredit' | 'relaunchedDebit';

/** FLUX_TOTALS_QUERY's variables over the search's `where`. */
export function fluxTotalsVariables<Where extends object>(where: Where): Record<TotalsSide, { _and: object[] }> {
  return {
    debit: { _and: [where, DEBIT] },
    credit: { _and: [where, CREDIT] },
    openDebit: { _and: [where, DEBIT, OPEN] },
    openCredit: { _and: [where, CREDIT, OPEN] },
    relaunchedDebit: { _and: [where, DEBIT, RELAUNCHED] },
  };
}

/** FLUX_TOTALS_QUERY's answer, side by side. */
export type FluxTotalsResponse = Record<
  TotalsSide,
  { aggregate: { count?: number; sum: Partial<Record<'MontantTTC' | 'MontantRegle' | 'ResteDu', Amount>> } }
>;

/** The summary from FLUX_TOTALS_QUERY's answer. */
export function fluxTotalsFromResponse(data: FluxTotalsResponse): FluxSearchTotals {
  const sum = (side: TotalsSide, field: 'MontantTTC' | 'MontantRegle' | 'ResteDu') =>
    data[side].aggregate.sum[field] ?? null;
  return fluxSearchTotals({
    debit: {
      count: data.debit.aggregate.count ?? 0,
      amount: sum('debit', 'MontantTTC'),
      resteDu: [sum('openDebit', 'ResteDu'), sum('relaunchedDebit', 'ResteDu')],
      unsettled: (['openDebit', 'relaunchedDebit'] as const).map((side) => ({
        amount: sum(side, 'MontantTTC'),
        settled: sum(side, 'MontantRegle'),
      })),
    },
    credit: {
      count: data.credit.aggregate.count ?? 0,
      amount: sum('credit', 'MontantTTC'),
      resteDu: sum('openCredit', 'ResteDu'),
    },
  });
}

/** The totals from the server's sums (db/reste-du-sql.ts: the balance rule in SQL). */
export function fluxSearchTotals(sums: FluxTotalSums): FluxSearchTotals {
  const cents = (value: Amount) => (value === null ? 0 : toCents(value));
  const totalBilled = cents(sums.debit.amount);
  const lacking = sums.debit.unsettled.reduce((total, side) => total + cents(side.amount) - cents(side.settled), 0);
  return {
    count: sums.debit.count + sums.credit.count,
    totalBilled,
    totalSettled: totalBilled - lacking,
    totalCredited: cents(sums.credit.amount),
    resteDu:
      [sums.debit.resteDu].flat().reduce<number>((total, value) => total + cents(value), 0) +
      cents(sums.credit.resteDu),
  };
}

export interface BreakdownRow {
  Z_DateCreation: string;
  MontantTTC: string | number;
  EST_Debit: boolean;
  ID_CategoryFlux: number;
}

export interface BreakdownBar<K> {
  key: K;
  debit: Cents;
  credit: Cents;
}

export interface FluxBreakdown {
  /** 'YYYY-MM' of the creation date in Paris, oldest first. */
  byMonth: BreakdownBar<string>[];
  /** MKP_CategoryFlux id, in id order. */
  byCategory: BreakdownBar<number>[];
}

/** Débit and crédit by month (Paris calendar) and by category, for the search's chart. */
export function fluxBreakdown(rows: readonly BreakdownRow[]): FluxBreakdown {
  const months = new Map<string, BreakdownBar<string>>();
  const categories = new Map<number, BreakdownBar<number>>();
  const add = <K>(map: Map<K, BreakdownBar<K>>, key: K, row: BreakdownRow) => {
    const bar = map.get(key) ?? { key, debit: 0, credit: 0 };
    if (row.EST_Debit) bar.debit += toCents(row.MontantTTC);
    else bar.credit += toCents(row.MontantTTC);
    map.set(key, bar);
  };
  for (const row of rows) {
    add(months, parisToday(new Date(row.Z_DateCreation)).slice(0, 7), row);
    add(categories, row.ID_CategoryFlux, row);
  }
  return {
    byMonth: [...months.values()].sort((a, b) => a.key.localeCompare(b.key)),
    byCategory: [...categories.values()].sort((a, b) => a.key - b.key),
  };
}
