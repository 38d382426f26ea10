import type { FiscalYearView } from '@gdf/domain';
import { describe, expect, it } from 'vitest';
import { defaultFecYear, fecNewestFirst } from './fec-year';

const year = (id: number, start: number, statut: FiscalYearView['statut']): FiscalYearView => ({
  id,
  debut: `${start}-09-01`,
  fin: `${start + 1}-08-31`,
  libelle: `${start}-${start + 1}`,
  statut,
  valideJusquau: null,
  dateCloture: null,
  validations: [],
});

describe('FEC by fiscal year: the year offered', () => {
  it('lists the newest first and offers the latest closed year', () => {
    const years = fecNewestFirst([year(1, 2023, 'cloture'), year(2, 2024, 'cloture'), year(3, 2025, 'ouvert')]);
    expect(years.map((y) => y.id)).toEqual([3, 2, 1]);
    expect(defaultFecYear(years)?.id).toBe(2);
  });

  it('offers the latest year when none is closed, and nothing when there is none', () => {
    expect(defaultFecYear(fecNewestFirst([year(1, 2024, 'ouvert'), year(2, 2025, 'ouvert')]))?.id).toBe(2);
    expect(defaultFecYear([])).toBeUndefined();
  });
});
