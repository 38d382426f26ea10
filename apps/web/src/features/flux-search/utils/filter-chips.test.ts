import { EMPTY_FLUX_FILTERS } from '@gdf/domain';
import { describe, expect, it } from 'vitest';
import { filterChips } from './filter-chips';

const seasons = [{ id: 2027, NomSaison: '2026-2027', EST_SaisonCourante: true }] as never;

describe('filterChips: the structure chip', () => {
  it('names the structure, never its internal id; an ellipsis while the name loads', () => {
    const filters = { ...EMPTY_FLUX_FILTERS, season: 2027, structureId: 110 };
    const named = filterChips(filters, seasons, 'ASPTT Lyon montagne').find((chip) => chip.key === 'structureId');
    expect(named?.label).toBe('Structure : ASPTT Lyon montagne');
    const loading = filterChips(filters, seasons).find((chip) => chip.key === 'structureId');
    expect(loading?.label).toBe('Structure : …');
    for (const chip of filterChips(filters, seasons)) expect(chip.label).not.toContain('110');
  });
});
