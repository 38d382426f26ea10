import { describe, expect, it } from 'vitest';
import { invoiceNumber } from '../documents/document-rules';
import {
  FLUX_NUMBER_MESSAGES,
  fluxSearchSeason,
  parseFluxNumber,
  readFluxNumber,
  seasonSetAsideByFluxNumber,
} from './flux-number';
import { EMPTY_FLUX_FILTERS, buildFluxWhere, validateFluxFilters, type FluxSearchFilters } from './search-filters';

const filters = (overrides: Partial<FluxSearchFilters>): FluxSearchFilters => ({ ...EMPTY_FLUX_FILTERS, ...overrides });

describe('readFluxNumber (R-SEARCH-23: a flux is found by its id or its printed invoice number)', () => {
  it('reads the id alone, with no season to check', () => {
    expect(parseFluxNumber('49758')).toEqual({ fluxId: 49758, seasonId: null });
    expect(parseFluxNumber('  49758 ')).toEqual({ fluxId: 49758, seasonId: null });
  });

  it('reads the number the documents print (R-FACT-01), the same for a facture, an avoir and a cited invoice', () => {
    expect(parseFluxNumber(invoiceNumber(2027, 49758))).toEqual({ fluxId: 49758, seasonId: 2027 });
  });

  it('reads it as typed from paper: lower case, spaces or dashes between the parts, spaces around', () => {
    for (const typed of [
      '2027-ffme-49758',
      ' 2027 - FFME - 49758 ',
      '2027 FFME 49758',
      '2027FFME49758',
      '2027-Ffme-49758',
    ])
      expect(parseFluxNumber(typed), typed).toEqual({ fluxId: 49758, seasonId: 2027 });
  });

  it('names in French what it cannot read, never dropping characters silently', () => {
    for (const typed of ['abc', '12a', '2027-49758', 'FFME-49758', '2027-FFME-', '2027-FFME-49758x', '49 758', '-5'])
      expect(readFluxNumber(typed), typed).toEqual({ ok: false, problem: FLUX_NUMBER_MESSAGES.format });
    for (const typed of ['0', '2027-FFME-0', '2147483648', '9999999999'])
      expect(readFluxNumber(typed), typed).toEqual({ ok: false, problem: FLUX_NUMBER_MESSAGES.outOfRange });
    expect(parseFluxNumber('abc')).toBeNull();
    expect(readFluxNumber('  ')).toBeNull();
    expect(readFluxNumber('2147483647')).toEqual({ ok: true, number: { fluxId: 2_147_483_647, seasonId: null } });
  });

  it('the search form shows the message beside the field', () => {
    expect(validateFluxFilters(filters({ fluxId: 'abc' }), '2026-11-21').fluxId).toBe(FLUX_NUMBER_MESSAGES.format);
    expect(validateFluxFilters(filters({ fluxId: '2027-FFME-49758' }), '2026-11-21')).toEqual({});
  });
});

describe("R-SEARCH-23: the printed number's season wins over the season filter", () => {
  it('searches the id in the printed season, whatever season the filter holds', () => {
    const expected = { _and: [{ ID_Saison: { _eq: 2027 } }, { id: { _eq: 49758 } }] };
    expect(buildFluxWhere(filters({ fluxId: '2027-FFME-49758' }))).toEqual(expected);
    expect(buildFluxWhere(filters({ season: 2026, fluxId: '2027-FFME-49758' }))).toEqual(expected);
  });

  it('a bare id keeps the season filter (R-SEARCH-11)', () => {
    expect(buildFluxWhere(filters({ season: 2026, fluxId: '49758' }))).toEqual({
      _and: [{ ID_Saison: { _eq: 2026 } }, { id: { _eq: 49758 } }],
    });
    expect(fluxSearchSeason({ season: null, fluxId: '49758' })).toBeNull();
  });

  it('names the season set aside only when the filter named another one', () => {
    expect(seasonSetAsideByFluxNumber({ season: 2026, fluxId: '2027-FFME-49758' })).toBe(2027);
    expect(seasonSetAsideByFluxNumber({ season: 2027, fluxId: '2027-FFME-49758' })).toBeNull();
    expect(seasonSetAsideByFluxNumber({ season: null, fluxId: '2027-FFME-49758' })).toBeNull();
    expect(seasonSetAsideByFluxNumber({ season: 2026, fluxId: '49758' })).toBeNull();
    expect(seasonSetAsideByFluxNumber({ season: 2026, fluxId: 'abc' })).toBeNull();
  });

  it('an unreadable number adds no clause (the form refuses it first)', () => {
    expect(buildFluxWhere(filters({ season: 2026, fluxId: 'abc' }))).toEqual({ _and: [{ ID_Saison: { _eq: 2026 } }] });
  });
});
