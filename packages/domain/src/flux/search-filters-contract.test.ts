import { describe, expect, it } from 'vitest';
import { EMPTY_FLUX_FILTERS, FLUX_FILTER_MESSAGES, type FluxSearchFilters } from './search-filters';
import { fluxSearchFiltersContract } from './search-filters-contract';
import { FLUX_NUMBER_MESSAGES } from './flux-number';

const TODAY = '2026-11-21';
const filters = (overrides: Partial<FluxSearchFilters>): FluxSearchFilters => ({ ...EMPTY_FLUX_FILTERS, ...overrides });
const issuesOf = (values: unknown) => {
  const result = fluxSearchFiltersContract(TODAY).safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('fluxSearchFiltersContract: the search rules as field issues', () => {
  it('R-SEARCH-01: a text filter under 3 characters is refused on its field', () => {
    expect(issuesOf(filters({ label: 'Li', season: 2026 }))).toEqual([['label', FLUX_FILTER_MESSAGES.tooShort]]);
    expect(issuesOf(filters({ label: 'Lic' }))).toEqual([]);
  });

  it('R-SEARCH-02: a future day is refused on its field, an end before its start on the end', () => {
    expect(issuesOf(filters({ startDate: '2026-11-22' }))).toEqual([['startDate', FLUX_FILTER_MESSAGES.futureDate]]);
    expect(issuesOf(filters({ startDate: '2026-03-02', endDate: '2026-03-01' }))).toEqual([
      ['endDate', FLUX_FILTER_MESSAGES.endBeforeStart],
    ]);
  });

  it('R-SEARCH-03: every filter empty is refused on the whole form (no path)', () => {
    expect(issuesOf(EMPTY_FLUX_FILTERS)).toEqual([['', FLUX_FILTER_MESSAGES.allEmpty]]);
  });

  it('R-SEARCH-02: a half-typed day gets one French message, and the other rules still run', () => {
    expect(issuesOf(filters({ endDate: 'invalide', label: 'Li' }))).toEqual([
      ['endDate', FLUX_FILTER_MESSAGES.invalidDate],
      ['label', FLUX_FILTER_MESSAGES.tooShort],
    ]);
  });

  it('R-SEARCH-15, R-SEARCH-23: the amounts and the flux number keep their own messages', () => {
    expect(issuesOf(filters({ minAmount: '50', maxAmount: '10', fluxId: '12a' }))).toEqual([
      ['fluxId', FLUX_NUMBER_MESSAGES.format],
      ['maxAmount', FLUX_FILTER_MESSAGES.maxBelowMin],
    ]);
  });
});
