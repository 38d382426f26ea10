import { describe, expect, it } from 'vitest';
import { statisticsSearch, statisticsSearchWhere } from './statistics-search';
import type { StatisticsFilters } from './statistics-request';

const FILTERS: StatisticsFilters = {
  saison: 2026,
  debut: '2025-09-01',
  fin: '2025-11-30',
  categorie: null,
  typeStructure: null,
  ligue: null,
  comite: null,
};

describe('R-STAT-08: a figure’s drill-down to the flux search', () => {
  it('writes the search’s keys, the figure’s days and category winning over the page’s', () => {
    expect(statisticsSearch(FILTERS)).toBe('saison=2026&debut=2025-09-01&fin=2025-11-30');
    expect(
      statisticsSearch(
        { ...FILTERS, categorie: 4, typeStructure: 1 },
        { structure: 7, debut: '2025-10-01', fin: '2025-10-31', categorie: 5 },
      ),
    ).toBe('saison=2026&structure=7&categorie=5&debut=2025-10-01&fin=2025-10-31&typeStructure=1');
    expect(statisticsSearch(FILTERS, { motif: '' })).toContain('motif=aucun');
  });

  it('makes the search’s where, with the statistics’ keys as structure and return filters', () => {
    const where = statisticsSearchWhere('saison=2026&fin=2025-11-30&typeStructure=1&ligue=4&motif=AM04', {
      ligue: [10, 11],
    });
    expect(where._and).toEqual(
      expect.arrayContaining([
        { ID_Saison: { _eq: 2026 } },
        { STR_Structure: { ID_TypeStructure: { _eq: 1 } } },
        { _or: [{ ID_Structure: { _eq: 4 } }, { STR_Structure: { ID_Departement: { _in: [10, 11] } } }] },
        { MKP_RetourPrelevement: { CodeRaison: { _eq: 'AM04' } } },
      ]),
    );
    expect(statisticsSearchWhere('saison=2026&motif=aucun')._and).toContainEqual({
      MKP_RetourPrelevement: { CodeRaison: { _is_null: true } },
    });
  });
});
