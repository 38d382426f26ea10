import { describe, expect, it } from 'vitest';
import { fluxOrderBy } from './order-by';
import { ignoredUrlParams, parseSearchUrl, writeSearchUrl, type FluxSearchState } from './search-url';

// R-SEARCH-12: a copied link reopens the same search (filters, sort, page, page size).
describe('search URL round trip', () => {
  const state: FluxSearchState = {
    filters: {
      season: 2026,
      structureId: 42,
      licence: '123456',
      lastName: 'Dupont',
      codeFederal: '069001',
      label: 'Licence adulte',
      startDate: '2026-01-01',
      endDate: '2026-03-31',
      status: 'rejete',
      fluxId: '2997',
      minAmount: '10,50',
      maxAmount: '1000',
      category: 5,
      settledFrom: '2026-02-01',
      settledTo: '2026-02-28',
      // R-SEARCH-22: the flux of a bank return.
      selection: { ids: [2997, 3001], returnDay: '2026-03-10' },
    },
    sort: { column: 'structure', direction: 'asc' },
    page: 3,
    pageSize: 'all',
  };

  it('writes then reads the same state, keeping structureId and appMode', () => {
    const url = writeSearchUrl(new URLSearchParams('structureId=1318&appMode=embedded&page=9'), state);
    expect(url.get('structureId')).toBe('1318');
    expect(url.get('appMode')).toBe('embedded');
    expect(url.get('taille')).toBe('tous');
    expect(parseSearchUrl(url)).toEqual(state);
  });

  it('leaves defaults out and reads "not searched yet" from a bare URL', () => {
    const url = writeSearchUrl(new URLSearchParams(), {
      filters: {
        ...state.filters!,
        structureId: null,
        licence: '',
        lastName: '',
        codeFederal: '',
        label: '',
        startDate: '',
        endDate: '',
        status: '',
        fluxId: '',
        minAmount: '',
        maxAmount: '',
        category: null,
        selection: null,
        settledFrom: '',
        settledTo: '',
      },
      sort: { column: 'createdAt', direction: 'desc' },
      page: 0,
      pageSize: 30,
    });
    expect(url.toString()).toBe('saison=2026');
    expect(parseSearchUrl(new URLSearchParams('structureId=5')).filters).toBeNull();
  });

  it('keeps the R-SEARCH-15 filters under French keys', () => {
    const url = writeSearchUrl(new URLSearchParams(), state);
    expect(url.get('statut')).toBe('rejete');
    expect(url.get('numero')).toBe('2997');
    expect(url.get('montantMin')).toBe('10,50');
    expect(url.get('montantMax')).toBe('1000');
    expect(url.get('categorie')).toBe('5');
    // R-SEARCH-15: 'Réglé à partir du … jusqu'au …'.
    expect(url.get('regleDu')).toBe('2026-02-01');
    expect(url.get('regleAu')).toBe('2026-02-28');
    for (const status of ['paye', 'impaye', 'relance'])
      expect(parseSearchUrl(new URLSearchParams(`statut=${status}`)).filters?.status).toBe(status);
  });

  it('keeps the rejected-debits filter (R-RET-04) as statut=rejete, and alone it is a search', () => {
    const parsed = parseSearchUrl(new URLSearchParams('statut=rejete'));
    expect(parsed.filters?.status).toBe('rejete');
    expect(writeSearchUrl(new URLSearchParams(), parsed).toString()).toBe('statut=rejete');
    expect(parseSearchUrl(new URLSearchParams('statut=autre&saison=2026')).filters?.status).toBe('');
  });

  it('ignores values it does not know', () => {
    const parsed = parseSearchUrl(new URLSearchParams('libelle=abc&tri=DROP&taille=1000&page=-1&saison=x'));
    expect(parsed).toMatchObject({ sort: { column: 'createdAt', direction: 'desc' }, pageSize: 30, page: 0 });
    expect(parsed.filters?.season).toBeNull();
  });

  it("orders server-side with id last, the sort's way (stable pages, an index walked)", () => {
    expect(fluxOrderBy({ column: 'licensee', direction: 'asc' })).toEqual([
      { UTI_Utilisateur: { CT_Nom: 'asc' } },
      { id: 'asc' },
    ]);
    expect(fluxOrderBy({ column: 'createdAt', direction: 'desc' })).toEqual([
      { Z_DateCreation: 'desc' },
      { id: 'desc' },
    ]);
    expect(fluxOrderBy({ column: 'id', direction: 'asc' })).toEqual([{ id: 'asc' }]);
  });
});

describe('ignoredUrlParams (R-SEARCH-12: URL values flagged, not silently dropped)', () => {
  it('lists the values the reader could not use', () => {
    expect(
      ignoredUrlParams(new URLSearchParams('statut=autre&saison=abc&categorie=-1&page=0x&tri=x&taille=7&libelle=ab')),
    ).toEqual(['saison=abc', 'categorie=-1', 'page=0x', 'statut=autre', 'tri=x', 'taille=7']);
  });
  it('is empty for a link the page wrote', () => {
    expect(
      ignoredUrlParams(new URLSearchParams('statut=rejete&saison=2026&categorie=5&page=2&tri=id&taille=tous&saison=')),
    ).toEqual([]);
  });
});
