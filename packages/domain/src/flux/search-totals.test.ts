import { describe, expect, it } from 'vitest';
import { fluxBreakdown, fluxSearchTotals } from './search-totals';

describe('fluxSearchTotals (R-SEARCH-14: count, débit, crédit, solde of a search)', () => {
  it('sums in cents and gives the solde as crédit minus débit', () => {
    expect(fluxSearchTotals(3, 1747.2, '60.05')).toEqual({ count: 3, debit: 174720, credit: 6005, balance: -168715 });
  });
  it('reads a side without flux (null sum) as zero', () => {
    expect(fluxSearchTotals(1, null, 12)).toEqual({ count: 1, debit: 0, credit: 1200, balance: 1200 });
    expect(fluxSearchTotals(0, null, null)).toEqual({ count: 0, debit: 0, credit: 0, balance: 0 });
  });
});

describe('fluxBreakdown (the chart: débit and crédit by month and by category)', () => {
  it('groups by Paris calendar month and by category, in cents, in order', () => {
    const breakdown = fluxBreakdown([
      // 31 March 23:30 UTC is already 1 April in Paris.
      { Z_DateCreation: '2026-03-31T23:30:00Z', MontantTTC: '10.10', EST_Debit: true, ID_CategoryFlux: 5 },
      { Z_DateCreation: '2026-03-02T10:00:00Z', MontantTTC: '0.20', EST_Debit: true, ID_CategoryFlux: 1 },
      { Z_DateCreation: '2026-03-03T10:00:00Z', MontantTTC: 0.1, EST_Debit: true, ID_CategoryFlux: 1 },
      { Z_DateCreation: '2026-04-03T10:00:00Z', MontantTTC: '5', EST_Debit: false, ID_CategoryFlux: 6 },
    ]);
    expect(breakdown.byMonth).toEqual([
      { key: '2026-03', debit: 30, credit: 0 },
      { key: '2026-04', debit: 1010, credit: 500 },
    ]);
    expect(breakdown.byCategory).toEqual([
      { key: 1, debit: 30, credit: 0 },
      { key: 5, debit: 1010, credit: 0 },
      { key: 6, debit: 0, credit: 500 },
    ]);
  });
});
