import { describe, expect, it } from 'vitest';
import { StructureType } from '../structures/structure-types';
import {
  filterOverdueRows,
  hasStructureFilter,
  overdueListPage,
  overdueListQuerySchema,
  selectOverdueRows,
} from './overdue-list-query';
import type { OverdueRow } from './overdue-structures';
import { offersImpayes } from './reminder-rules';

const row = (id: number, name: string, buckets: Partial<OverdueRow['buckets']>, oldestDaysLate = 10): OverdueRow => {
  const full = { '0-30': 0, '31-60': 0, '61-90': 0, '90+': 0, ...buckets };
  const total = full['0-30'] + full['31-60'] + full['61-90'] + full['90+'];
  return {
    structure: { id, name, code: null },
    buckets: full,
    total,
    resteDu: total,
    count: 1,
    oldestDaysLate,
    lastReminder: null,
    proposedLevel: 1,
  };
};
const ROWS = [
  row(1, 'Club Alpin', { '0-30': 5_000 }, 12),
  row(2, 'Escalade Bretagne', { '90+': 50_000 }, 200),
  row(3, 'Vertical Nice', { '31-60': 2_000, '90+': 1_000 }, 95),
];
const parse = (query: Record<string, string>) => overdueListQuerySchema.parse(query);

describe('Impayés query (R-UI-20)', () => {
  it('defaults to the largest total first, page 1 of 25, as json', () => {
    expect(parse({})).toEqual({ format: 'json', tri: 'total', ordre: 'desc', page: 1, parPage: 25 });
  });

  it('reads the filters from the query string: whole numbers, known buckets and answers', () => {
    expect(
      parse({
        recherche: '  Zéphyr ',
        type: '1',
        ligueId: '12',
        comiteId: '13',
        montantMin: '15050',
        anciennete: '90+',
        relance: 'non',
        page: '3',
        parPage: '100',
      }),
    ).toMatchObject({
      recherche: 'Zéphyr',
      type: 1,
      ligueId: 12,
      comiteId: 13,
      montantMin: 15_050,
      anciennete: '90+',
      relance: 'non',
      page: 3,
      parPage: 100,
    });
  });

  it.each([
    [{ type: '0' }, 'type de structure attendu'],
    [{ type: '1.5' }, 'type de structure attendu'],
    [{ ligueId: '-1' }, 'ligue attendue'],
    [{ comiteId: '2147483648' }, 'comité attendu'],
    [{ montantMin: '12,5' }, 'montant minimum attendu'],
    [{ anciennete: '91+' }, 'ancienneté attendue'],
    [{ relance: 'peut-être' }, 'relance attendue'],
    [{ page: '0' }, 'page attendue'],
    [{ parPage: '30' }, 'lignes par page attendues'],
    [{ recherche: 'x'.repeat(101) }, '100 caractères au plus'],
    [{ tri: 'age' }, 'tri inconnu'],
  ])('refuses %o in French', (query, message) => {
    const result = overdueListQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toContain(message);
  });

  it('a structure filter is one the SQL reads; amounts and the sort are not', () => {
    expect(hasStructureFilter(parse({}))).toBe(false);
    expect(hasStructureFilter(parse({ recherche: '   ' }))).toBe(false);
    expect(hasStructureFilter(parse({ montantMin: '100', anciennete: '0-30', tri: 'structure' }))).toBe(false);
    for (const query of [
      { recherche: 'a' },
      { type: '1' },
      { ligueId: '4' },
      { comiteId: '5' },
      { relance: 'oui' },
    ] as Array<Record<string, string>>)
      expect(hasStructureFilter(parse(query))).toBe(true);
  });

  it('a minimum keeps totals at or above it; a bucket keeps structures owing something in it', () => {
    const ids = (rows: OverdueRow[]) => rows.map((item) => item.structure.id);
    expect(ids(filterOverdueRows(ROWS, { montantMin: 5_000 }))).toEqual([1, 2]);
    expect(ids(filterOverdueRows(ROWS, { montantMin: 5_001 }))).toEqual([2]);
    expect(ids(filterOverdueRows(ROWS, { anciennete: '90+' }))).toEqual([2, 3]);
    expect(ids(filterOverdueRows(ROWS, { anciennete: '61-90' }))).toEqual([]);
    expect(ids(filterOverdueRows(ROWS, { anciennete: '90+', montantMin: 3_001 }))).toEqual([2]);
  });

  it('sorts by amount, age or name, then pages; a page past the last is empty', () => {
    const names = (query: Record<string, string>) =>
      selectOverdueRows(ROWS, parse(query)).map((item) => item.structure.name);
    expect(names({})).toEqual(['Escalade Bretagne', 'Club Alpin', 'Vertical Nice']);
    expect(names({ tri: 'oldestDaysLate', ordre: 'asc' })).toEqual([
      'Club Alpin',
      'Vertical Nice',
      'Escalade Bretagne',
    ]);
    expect(names({ tri: 'structure', ordre: 'asc' })).toEqual(['Club Alpin', 'Escalade Bretagne', 'Vertical Nice']);
    const second = overdueListPage('2026-11-24', selectOverdueRows(ROWS, parse({})), { page: 2, parPage: 10 });
    expect(second).toEqual({ asOf: '2026-11-24', rows: [], total: 3, page: 2, parPage: 10 });
    const first = overdueListPage('2026-11-24', ROWS, { page: 1, parPage: 10 });
    expect(first.rows).toHaveLength(3);
  });
});

describe('where Impayés is offered (R-UI-20)', () => {
  it('to the head office and the super administrator only: a ligue’s or comité’s scope is its own structure', () => {
    expect(offersImpayes(StructureType.Federation, false)).toBe(true);
    expect(offersImpayes(StructureType.LigueRegionale, false)).toBe(false);
    expect(offersImpayes(StructureType.ComiteDepartemental, false)).toBe(false);
    expect(offersImpayes(StructureType.Club, false)).toBe(false);
    expect(offersImpayes(StructureType.Club, true)).toBe(true);
  });
});
