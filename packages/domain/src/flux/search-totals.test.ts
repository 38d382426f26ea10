import { describe, expect, it } from 'vitest';
import { fluxBreakdown, fluxSearchTotals, fluxTotalsFromResponse, fluxTotalsVariables } from './search-totals';

describe('fluxSearchTotals (R-SEARCH-14, R-BAL-03: the listed flux in the balance rule’s words)', () => {
  it('sums in cents: billed and settled from the debits, credited from the credits, reste dû from both sides', () => {
    expect(
      fluxSearchTotals({
        // 1 747,20 € billed; the unsettled debits: 800,00 € of which 52,80 € paid, and a relaunched 0.
        debit: {
          count: 2,
          amount: 1747.2,
          resteDu: '747.20',
          unsettled: [
            { amount: '800.00', settled: '52.80' },
            { amount: null, settled: null },
          ],
        },
        credit: { count: 1, amount: '60.05', resteDu: '-60.05' },
      }),
    ).toEqual({ count: 3, totalBilled: 174_720, totalSettled: 100_000, totalCredited: 6_005, resteDu: 68_715 });
    // 1 747,20 − (800,00 − 52,80) = 1 000,00 € settled.
  });
  it('counts a relaunched debit as owed until its replacement, dated a month on, exists (R-BAL-01)', () => {
    expect(
      fluxSearchTotals({
        debit: { count: 2, amount: '300.00', resteDu: ['100.00', '200.00'], unsettled: [] },
        credit: { count: 0, amount: null, resteDu: null },
      }).resteDu,
    ).toBe(30_000);
  });
  it('reads a side without flux (null sums) as zero', () => {
    expect(
      fluxSearchTotals({
        debit: { count: 0, amount: null, resteDu: null, unsettled: [] },
        credit: { count: 1, amount: 12, resteDu: -12 },
      }),
    ).toEqual({ count: 1, totalBilled: 0, totalSettled: 0, totalCredited: 1_200, resteDu: -1_200 });
  });
});

describe('the summary request (R-SEARCH-14, R-BAL-01)', () => {
  it('asks the open flux and the relaunched debits within the search, and adds the relaunched reste dû', () => {
    const where = { ID_Structure: { _eq: 110 } };
    const variables = fluxTotalsVariables(where);
    expect(variables.relaunchedDebit._and).toEqual([
      where,
      { EST_Debit: { _eq: true } },
      { EST_Reglement: { _eq: false }, ID_FluxFinancierRelance: { _is_null: false } },
    ]);
    expect(variables.openCredit._and[0]).toBe(where);
    const side = (count: number, sum: Record<string, string | null>) => ({ aggregate: { count, sum } });
    expect(
      fluxTotalsFromResponse({
        debit: side(3, { MontantTTC: '300.00' }),
        credit: side(1, { MontantTTC: '10.00' }),
        openDebit: side(0, { MontantTTC: '100.00', MontantRegle: '40.00', ResteDu: '60.00' }),
        openCredit: side(0, { ResteDu: '-10.00' }),
        relaunchedDebit: side(0, { MontantTTC: '100.00', MontantRegle: null, ResteDu: '100.00' }),
      }),
    ).toEqual({ count: 4, totalBilled: 30_000, totalSettled: 14_000, totalCredited: 1_000, resteDu: 15_000 });
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
