import { describe, expect, it } from 'vitest';
import {
  EMPTY_FLUX_FILTERS,
  FLUX_FILTER_MESSAGES,
  areFluxFiltersEmpty,
  buildFluxWhere,
  canPickStructure,
  isRequiredRule,
  resetClearsStructure,
  validateFluxFilters,
  type FluxSearchFilters,
} from './search-filters';
import { FLUX_SELECTION_MAX, fluxSelectionQuery, parseFluxSelection } from './flux-selection';
import { FLUX_NUMBER_MESSAGES } from './flux-number';

const TODAY = '2026-11-21';
const filters = (overrides: Partial<FluxSearchFilters>): FluxSearchFilters => ({ ...EMPTY_FLUX_FILTERS, ...overrides });

describe('validateFluxFilters (R-SEARCH-01 to R-SEARCH-03)', () => {
  it('"Text filters require at least 3 characters."', () => {
    const errors = validateFluxFilters(filters({ label: 'ab', lastName: 'du', codeFederal: '06' }), TODAY);
    expect(errors).toMatchObject({
      label: FLUX_FILTER_MESSAGES.tooShort,
      lastName: FLUX_FILTER_MESSAGES.tooShort,
      codeFederal: FLUX_FILTER_MESSAGES.tooShort,
    });
    expect(validateFluxFilters(filters({ label: 'abc' }), TODAY)).toEqual({});
  });
  it('"The start and end date pickers do not allow future dates."', () => {
    const errors = validateFluxFilters(filters({ startDate: '2026-11-22', endDate: '2027-01-01' }), TODAY);
    expect(errors.startDate).toBe(FLUX_FILTER_MESSAGES.futureDate);
    expect(errors.endDate).toBe(FLUX_FILTER_MESSAGES.futureDate);
    expect(validateFluxFilters(filters({ endDate: TODAY }), TODAY)).toEqual({});
  });
  it('refuses an end date before the start date', () => {
    expect(validateFluxFilters(filters({ startDate: '2026-03-02', endDate: '2026-03-01' }), TODAY).endDate).toBe(
      FLUX_FILTER_MESSAGES.endBeforeStart,
    );
  });
  it('"Search is blocked when every filter is empty."', () => {
    expect(areFluxFiltersEmpty(EMPTY_FLUX_FILTERS)).toBe(true);
    expect(validateFluxFilters(EMPTY_FLUX_FILTERS, TODAY).form).toBe(FLUX_FILTER_MESSAGES.allEmpty);
    expect(areFluxFiltersEmpty(filters({ season: 2022 }))).toBe(false);
    expect(areFluxFiltersEmpty(filters({ label: '   ' }))).toBe(true);
    expect(areFluxFiltersEmpty(filters({ status: 'rejete' }))).toBe(false);
  });
  it('accepts only digits as a licence number (the input blocks -, + and e)', () => {
    expect(validateFluxFilters(filters({ licence: '12e4' }), TODAY).licence).toBe(FLUX_FILTER_MESSAGES.licenceDigits);
    expect(validateFluxFilters(filters({ licence: '123456' }), TODAY)).toEqual({});
  });
});

describe('isRequiredRule (R-SEARCH-05: "*" when the rule text contains \'required\')', () => {
  it('reads the rule text', () => {
    expect(isRequiredRule('required|min:3')).toBe(true);
    expect(isRequiredRule('min:3')).toBe(false);
  });
});

describe('structure scope (R-SCOPE-02, R-SCOPE-03)', () => {
  it('only type 7 picks a structure', () => {
    expect(canPickStructure(7)).toBe(true);
    expect(canPickStructure(1)).toBe(false);
    expect(canPickStructure(4)).toBe(false);
  });
  it('reset clears the structure for types 4, 5 and 7', () => {
    expect([1, 2, 3, 4, 5, 6, 7].filter((type) => resetClearsStructure(type as 1))).toEqual([4, 5, 7]);
  });
});

describe('buildFluxWhere (R-SEARCH-06)', () => {
  it('maps each filter to its comparison', () => {
    const where = buildFluxWhere(
      filters({ season: 2022, structureId: 12, licence: '123', lastName: 'Dup', codeFederal: '069001', label: 'Lic' }),
    );
    expect(where).toEqual({
      _and: [
        { ID_Saison: { _eq: 2022 } },
        { ID_Structure: { _eq: 12 } },
        { UTI_Utilisateur: { LicenceNumero: { _eq: 123 } } },
        { UTI_Utilisateur: { CT_Nom: { _ilike: '%Dup%' } } },
        { STR_Structure: { ID_CodeFederal: { _eq: '069001' } } },
        { NomFluxFinancier: { _ilike: '%Lic%' } },
      ],
    });
  });
  it('locks a structure that may not pick to its own', () => {
    expect(buildFluxWhere(filters({ structureId: 99 }), 5)).toEqual({ _and: [{ ID_Structure: { _eq: 5 } }] });
  });
  it('"the end date is inclusive, up to the next day", in Europe/Paris with explicit offsets', () => {
    expect(buildFluxWhere(filters({ startDate: '2024-03-01', endDate: '2024-03-31' }))).toEqual({
      _and: [{ Z_DateCreation: { _gte: '2024-03-01T00:00:00+01:00', _lt: '2024-04-01T00:00:00+02:00' } }],
    });
    expect(buildFluxWhere(filters({ endDate: '2024-12-31' }))).toEqual({
      _and: [{ Z_DateCreation: { _lt: '2025-01-01T00:00:00+01:00' } }],
    });
  });
  it('escapes LIKE wildcards typed by the user', () => {
    expect(buildFluxWhere(filters({ label: '50%_x' }))).toEqual({
      _and: [{ NomFluxFinancier: { _ilike: '%50\\%\\_x%' } }],
    });
  });

  it("filters the 'rejeté' direct debits (R-RET-04: a bank return; R-FLUX-08: neither paid nor relaunched since)", () => {
    expect(buildFluxWhere(filters({ status: 'rejete', season: 2026 }))).toEqual({
      _and: [
        { ID_Saison: { _eq: 2026 } },
        {
          _and: [
            { EST_Reglement: { _eq: false } },
            { ID_FluxFinancierRelance: { _is_null: true } },
            { MKP_RetourPrelevement: { id: { _is_null: false } } },
          ],
        },
      ],
    });
    expect(buildFluxWhere(filters({ status: '', season: 2026 }))).toEqual({ _and: [{ ID_Saison: { _eq: 2026 } }] });
  });
});

describe('R-SEARCH-15 filters: status, flux number, amount range, category', () => {
  it('validates the flux number and the amounts (non-negative, min ≤ max)', () => {
    expect(validateFluxFilters(filters({ fluxId: '12a' }), TODAY).fluxId).toBe(FLUX_NUMBER_MESSAGES.format);
    expect(validateFluxFilters(filters({ minAmount: '-3' }), TODAY).minAmount).toBe(FLUX_FILTER_MESSAGES.invalidAmount);
    expect(validateFluxFilters(filters({ maxAmount: '1,234' }), TODAY).maxAmount).toBe(
      FLUX_FILTER_MESSAGES.invalidAmount,
    );
    expect(validateFluxFilters(filters({ minAmount: '20', maxAmount: '19,99' }), TODAY).maxAmount).toBe(
      FLUX_FILTER_MESSAGES.maxBelowMin,
    );
    expect(validateFluxFilters(filters({ minAmount: '20', maxAmount: '20,00' }), TODAY)).toEqual({});
  });
  it('each new filter alone is a search', () => {
    for (const patch of [
      { fluxId: '7' },
      { minAmount: '1' },
      { maxAmount: '1' },
      { category: 5 },
      { status: 'paye' as const },
    ])
      expect(areFluxFiltersEmpty(filters(patch))).toBe(false);
  });
  it('becomes the GraphQL where: id equal, amount range in decimal euros, category, status rule', () => {
    expect(
      buildFluxWhere(filters({ fluxId: ' 42 ', minAmount: '10,5', maxAmount: '1 000', category: 5, status: 'paye' })),
    ).toEqual({
      _and: [
        { EST_Reglement: { _eq: true } },
        { id: { _eq: 42 } },
        { MontantTTC: { _gte: '10.50', _lte: '1000.00' } },
        { ID_CategoryFlux: { _eq: 5 } },
      ],
    });
  });
});

describe("R-SEARCH-15 filter: 'Réglé entre le … et le …' (DateReglement)", () => {
  it('validates the settlement days as the creation days: real dates, not in the future, end not before start', () => {
    expect(validateFluxFilters(filters({ settledFrom: 'invalide' }), TODAY).settledFrom).toBe(
      FLUX_FILTER_MESSAGES.invalidDate,
    );
    // Year 0 and six-digit years are days PostgreSQL cannot read back: refused before any query.
    for (const day of ['0000-01-01', '1899-12-31']) {
      expect(validateFluxFilters(filters({ startDate: day, settledFrom: day }), TODAY)).toEqual({
        startDate: FLUX_FILTER_MESSAGES.invalidDate,
        settledFrom: FLUX_FILTER_MESSAGES.invalidDate,
      });
    }
    expect(validateFluxFilters(filters({ startDate: '1900-01-01' }), TODAY)).toEqual({});
    expect(validateFluxFilters(filters({ settledTo: '2026-11-22' }), TODAY).settledTo).toBe(
      FLUX_FILTER_MESSAGES.futureDate,
    );
    expect(validateFluxFilters(filters({ settledFrom: '2026-03-02', settledTo: '2026-03-01' }), TODAY).settledTo).toBe(
      FLUX_FILTER_MESSAGES.endBeforeStart,
    );
    expect(validateFluxFilters(filters({ settledFrom: '2026-03-01', settledTo: '2026-03-01' }), TODAY)).toEqual({});
  });
  it('either day alone is a search', () => {
    expect(areFluxFiltersEmpty(filters({ settledFrom: '2026-03-01' }))).toBe(false);
    expect(areFluxFiltersEmpty(filters({ settledTo: '2026-03-01' }))).toBe(false);
  });
  it('becomes an inclusive range on the DateReglement day (a date column, no time zone)', () => {
    expect(buildFluxWhere(filters({ settledFrom: '2026-03-01', settledTo: '2026-03-31' }))).toEqual({
      _and: [{ DateReglement: { _gte: '2026-03-01', _lte: '2026-03-31' } }],
    });
    expect(buildFluxWhere(filters({ settledTo: '2026-03-31' }))).toEqual({
      _and: [{ DateReglement: { _lte: '2026-03-31' } }],
    });
  });
});

describe('R-SEARCH-22 filter: a selection of flux (the rejected flux of a bank return)', () => {
  const selection = (ids: number[]) => filters({ selection: { ids, returnDay: '2026-03-10' } });
  it('is a search on its own and becomes an id list', () => {
    expect(areFluxFiltersEmpty(selection([12, 13]))).toBe(false);
    expect(validateFluxFilters(selection([12, 13]), TODAY)).toEqual({});
    expect(buildFluxWhere(selection([12, 13]))).toEqual({ _and: [{ id: { _in: [12, 13] } }] });
  });
  it('holds 1 to FLUX_SELECTION_MAX flux', () => {
    expect(validateFluxFilters(selection([]), TODAY).selection).toBe(FLUX_FILTER_MESSAGES.selectionSize);
    const many = Array.from({ length: FLUX_SELECTION_MAX + 1 }, (_, index) => index + 1);
    expect(validateFluxFilters(selection(many), TODAY).selection).toBe(FLUX_FILTER_MESSAGES.selectionSize);
  });
});

describe('R-SEARCH-22: the selection in the search URL', () => {
  it('round-trips through the query', () => {
    const query = fluxSelectionQuery({ ids: [12, 13], returnDay: '2026-03-10' });
    expect(query).toEqual({ flux: '12,13', retourDu: '2026-03-10' });
    expect(parseFluxSelection(new URLSearchParams(query))).toEqual({ ids: [12, 13], returnDay: '2026-03-10' });
    expect(parseFluxSelection(new URLSearchParams('saison=3'))).toBeNull();
  });
  it('a hand-edited list is never widened: not numbers or too many gives an empty (refused) selection', () => {
    expect(parseFluxSelection(new URLSearchParams('flux=12,abc'))?.ids).toEqual([]);
    const many = Array.from({ length: FLUX_SELECTION_MAX + 1 }, (_, index) => index + 1).join(',');
    expect(parseFluxSelection(new URLSearchParams({ flux: many }))?.ids).toEqual([]);
    expect(parseFluxSelection(new URLSearchParams('flux=5&retourDu=x'))).toEqual({ ids: [5], returnDay: '' });
  });
});
