/**
 * Totals of a flux search (R-SEARCH-14): the summary line above the results and its
 * small chart. Integer cents throughout.
 */
import { toCents, type Cents } from '../money/money';
import { parisToday } from './paris-day';

export interface FluxSearchTotals {
  count: number;
  debit: Cents;
  credit: Cents;
  /** Crédit minus débit: what the search's flux bring in (negative: what they cost). */
  balance: Cents;
}

/** The totals from the two sums the server returns (null: no flux on that side). */
export function fluxSearchTotals(
  count: number,
  debitSum: string | number | null,
  creditSum: string | number | null,
): FluxSearchTotals {
  const debit = debitSum === null ? 0 : toCents(debitSum);
  const credit = creditSum === null ? 0 : toCents(creditSum);
  return { count, debit, credit, balance: credit - debit };
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
