import { describe, expect, it } from 'vitest';
import { filterStructures } from './structure-filter';

const structures = [
  { ID_Structure: 1, NomStructure: 'Comité Isère', ID_CodeFederal: '038000', nbFlux: 1, totalCents: 100 },
  { ID_Structure: 2, NomStructure: 'Club alpin de Grenoble', ID_CodeFederal: '038012', nbFlux: 2, totalCents: 200 },
  { ID_Structure: 3, NomStructure: 'ASPTT Lyon montagne', ID_CodeFederal: null, nbFlux: 1, totalCents: 50 },
];

describe('SEPA structure search (name or federal code)', () => {
  it('keeps every structure for an empty or blank query', () => {
    expect(filterStructures(structures, '')).toHaveLength(3);
    expect(filterStructures(structures, '   ')).toHaveLength(3);
  });
  it('matches the name ignoring case and accents, every word anywhere', () => {
    expect(filterStructures(structures, 'comite').map((s) => s.ID_Structure)).toEqual([1]);
    expect(filterStructures(structures, 'GRENOBLE club').map((s) => s.ID_Structure)).toEqual([2]);
  });
  it('matches the federal code, and a structure without code only by its name', () => {
    expect(filterStructures(structures, '038').map((s) => s.ID_Structure)).toEqual([1, 2]);
    expect(filterStructures(structures, '038012').map((s) => s.ID_Structure)).toEqual([2]);
    expect(filterStructures(structures, 'lyon').map((s) => s.ID_Structure)).toEqual([3]);
    expect(filterStructures(structures, 'null')).toEqual([]);
  });
});
