import { describe, expect, it } from 'vitest';
import { accountFluxBuilder } from '../account-statement/account-flux.fixture';
import { buildAccountStatement } from '../account-statement/account-statement';
import { structureBalance } from '../receivables/reste-du';
import { buildRecapFigures, type RecapFlux } from './monthly-recap';
import {
  monthBefore,
  previousSeasonMonth,
  recapFileName,
  recapMonthBounds,
  recapMonthRefusal,
  recapMonthSchema,
  recapNumber,
} from './recap-month';
import { recapRowsText, recapSummaryLines } from './recap-document';

const make = accountFluxBuilder(1);
const flux = (category: string, overrides: Parameters<typeof make>[0]): RecapFlux => ({ ...make(overrides), category });
const MARCH = recapMonthBounds('2026-03');

describe('the recap month (R-RECAP-02)', () => {
  it('bounds a month, leap years included, and names the compared month and the job’s month', () => {
    expect(recapMonthBounds('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(MARCH).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(previousSeasonMonth('2026-01')).toBe('2025-01');
    expect(monthBefore('2026-01-01')).toBe('2025-12');
  });

  it('refuses a malformed month, one not over yet, and one before the data, in French', () => {
    expect(recapMonthSchema.safeParse('2026-13').success).toBe(false);
    expect(recapMonthSchema.safeParse('2026-3').success).toBe(false);
    expect(recapMonthRefusal('2026-3', '2026-05-01', null)).toBe(
      'Mois attendu au format AAAA-MM (par exemple 2026-03).',
    );
    expect(recapMonthRefusal('2026-03', '2026-03-31', null)).toBe(
      'Le mois de mars 2026 n’est pas terminé : son récapitulatif pourra être émis à partir du 01/04/2026.',
    );
    expect(recapMonthRefusal('2026-03', '2026-04-01', null)).toBeNull();
    expect(recapMonthRefusal('2019-08', '2026-04-01', '2019-09-01')).toBe(
      'Aucune donnée pour août 2019 : les données commencent le 01/09/2019.',
    );
    expect(recapMonthRefusal('2019-09', '2026-04-01', '2019-09-01')).toBeNull();
  });

  it('numbers a recap RM-<AAAA>-<MM>-<id> and names its files (R-RECAP-04)', () => {
    expect(recapNumber(12, '2026-03')).toBe('RM-2026-03-000012');
    expect(recapFileName('RM-2026-03-000012', 7, '2026-03', 'pdf')).toBe(
      'recapitulatif-mensuel-7-2026-03-RM-2026-03-000012.pdf',
    );
  });
});

describe('the recap figures (R-RECAP-01, R-BAL-01)', () => {
  const earlier = flux('Licences', { at: '2026-02-10T10:00:00Z', amountTTC: 5_000 });
  const billed = flux('Licences', {
    at: '2026-03-05T10:00:00Z',
    amountTTC: 3_000,
    settledParts: [{ amount: 1_000, day: '2026-03-20' }],
  });
  const paid = flux('Affiliations', {
    at: '2026-03-02T10:00:00Z',
    amountTTC: 2_000,
    settled: true,
    settledOn: '2026-03-10',
  });
  const rejected = flux('Affiliations', {
    at: '2026-03-03T10:00:00Z',
    amountTTC: 4_000,
    bankReturn: { type: 'rejet', reasonCode: 'AM04', date: '2026-03-12' },
    relaunchedBy: 99,
    relaunchedAt: new Date('2026-03-15T10:00:00Z'),
  });
  const relaunch = flux('Affiliations', { at: '2026-03-15T10:00:00Z', amountTTC: 4_000, id: 99 });
  const avoir = flux('Licences', { at: '2026-03-25T10:00:00Z', amountTTC: 500, isDebit: false, creditFor: billed.id });
  const later = flux('Licences', { at: '2026-04-02T10:00:00Z', amountTTC: 7_000 });
  const parts = { earlierOpenFlux: [earlier], periodFlux: [billed, paid, rejected, relaunch, avoir] };

  it('sums the month by category: billed, settled, rejected, relaunched, avoirs and reste dû', () => {
    const figures = buildRecapFigures(parts, MARCH);
    expect(figures.byCategory.map((row) => row.category)).toEqual(['Affiliations', 'Licences']);
    const [affiliations, licences] = figures.byCategory;
    expect(affiliations).toMatchObject({
      billed: 10_000,
      settled: 2_000,
      rejected: { count: 1, amount: 4_000 },
      relaunched: { count: 1, amount: 4_000 },
      avoirs: 0,
      resteDu: 4_000,
    });
    // 5,000 before the month + 3,000 − 1,000 paid − the 500 avoir allocated to it.
    expect(licences).toMatchObject({ billed: 3_000, settled: 1_000, avoirs: 500, resteDu: 6_500 });
    expect(figures.total).toMatchObject({ category: null, billed: 13_000, settled: 3_000, resteDu: 10_500 });
  });

  it('states the reste dû as the relevé de compte’s closing balance at the month’s end (one money story)', () => {
    const all = [earlier, billed, paid, rejected, relaunch, avoir, later];
    const figures = buildRecapFigures(parts, MARCH);
    expect(figures.total.resteDu).toBe(buildAccountStatement(all, MARCH, MARCH.to).closingBalance);
    expect(figures.total.resteDu).toBe(structureBalance(all, MARCH.to));
  });

  it('ages what is overdue at the month’s end with the relevé’s buckets (R-STMT-02)', () => {
    const figures = buildRecapFigures(parts, MARCH);
    // The February flux is due on 12 March (30 days): 19 days late on 31 March.
    expect(figures.ageing['0-30']).toEqual({ count: 1, amount: 5_000 });
    expect(figures.overdueTotal).toBe(5_000);
  });

  it('writes the table and the lines both files print', () => {
    const current = buildRecapFigures(parts, MARCH);
    const previous = buildRecapFigures({ earlierOpenFlux: [], periodFlux: [] }, recapMonthBounds('2025-03'));
    const recap = { month: '2026-03', previousMonth: '2025-03', current, previous, shares: null };
    const rows = recapRowsText(recap);
    expect(rows.map((row) => row[0])).toEqual(['Affiliations', 'Licences', 'Total', 'Total mars 2025']);
    expect(
      recapSummaryLines({
        ...recap,
        shares: { current: { earned: 100, paidOut: 0 }, previous: { earned: 0, paidOut: 0 } },
      }).at(-2),
    ).toContain('Quotes-parts acquises');
  });
});
