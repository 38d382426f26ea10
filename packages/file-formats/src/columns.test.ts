import { describe, expect, it, vi } from 'vitest';
import {
  appendColumnValues,
  getByPath,
  resolveColumnValues,
  resolveColumns,
  resolveRows,
  resolveTable,
} from './columns';
import type { ExportFields } from './types';

interface Flux {
  id: number;
  NomFluxFinancier: string;
  MontantTTC: number | null;
  EST_Debit: boolean;
  STR_Structure: { NomStructure: string; ADR_Adresse?: { Ville: string } | null } | null;
}

const rows: Flux[] = [
  {
    id: 1,
    NomFluxFinancier: 'Affiliation',
    MontantTTC: 120,
    EST_Debit: true,
    STR_Structure: { NomStructure: 'Club A' },
  },
  { id: 2, NomFluxFinancier: '', MontantTTC: 0, EST_Debit: false, STR_Structure: null },
];

describe('fields (R-EXP-03)', () => {
  it('reads nested paths such as STR_Structure.NomStructure, a missing link giving the default', () => {
    const table = resolveTable(rows, {
      fields: { 'N° de flux': 'id', Structure: 'STR_Structure.NomStructure', Ville: 'STR_Structure.ADR_Adresse.Ville' },
      defaultValue: 'N.C',
    });
    expect(table.columns).toEqual(['N° de flux', 'Structure', 'Ville']);
    expect(table.rows).toEqual([
      [1, 'Club A', 'N.C'],
      [2, 'N.C', 'N.C'],
    ]);
  });

  it('passes the field value to a callback with a field, the default already substituted', () => {
    const callback = vi.fn((value: unknown) => `<${String(value)}>`);
    const table = resolveTable(rows, {
      fields: { Libellé: { field: 'NomFluxFinancier', callback } },
      defaultValue: '?',
    });
    expect(callback.mock.calls.map(([value]) => value)).toEqual(['Affiliation', '?']);
    expect(table.rows).toEqual([['<Affiliation>'], ['<?>']]);
  });

  it('passes the whole row to a callback without field (Débit / Crédit of R-FLUX-01)', () => {
    const fields: ExportFields = {
      Débit: { callback: (flux: Flux) => (flux.EST_Debit ? flux.MontantTTC : null) },
      Crédit: { callback: (flux: Flux) => (flux.EST_Debit ? null : flux.MontantTTC) },
    };
    expect(resolveTable(rows, { fields }).rows).toEqual([
      [120, ''],
      ['', 0],
    ]);
  });

  it('keeps 0 and false, replaces null, undefined, empty text and NaN (R-EXP-04)', () => {
    const data = [{ a: 0, b: false, c: null, d: undefined, e: '', f: Number.NaN }];
    expect(resolveTable(data, { defaultValue: '-' }).rows).toEqual([[0, false, '-', '-', '-', '-']]);
  });

  it('uses the keys of the first row when no fields are given, as plain keys', () => {
    const data = [
      { 'a.b': 1, c: 2 },
      { 'a.b': 3, c: 4, extra: 5 },
    ];
    expect(resolveTable(data)).toEqual({
      columns: ['a.b', 'c'],
      rows: [
        [1, 2],
        [3, 4],
      ],
    });
    expect(resolveTable(data, { fields: {} }).columns).toEqual(['a.b', 'c']);
  });

  it('resolves nothing for no rows', () => {
    expect(resolveTable([])).toEqual({ columns: [], rows: [] });
  });

  it('a { field } without callback reads the path', () => {
    expect(resolveTable(rows, { fields: { S: { field: 'STR_Structure.NomStructure' } } }).rows[0]).toEqual(['Club A']);
  });
});

describe('getByPath', () => {
  it('walks objects and arrays, stops at null', () => {
    expect(getByPath({ a: [{ b: 7 }] }, 'a.0.b')).toBe(7);
    expect(getByPath({ a: null }, 'a.b.c')).toBeUndefined();
    expect(getByPath({ 'a.b': 1 }, 'a.b')).toBe(1);
  });
});

describe('resolveRows (chunked resolution on the main thread)', () => {
  it('resolves a slice [start, end) so big exports can yield between chunks', () => {
    const columns = resolveColumns(rows, { id: 'id' });
    expect(resolveRows(rows, columns, '', 1, 2)).toEqual([[2]]);
    expect(resolveRows(rows, columns, '', 0, 99)).toEqual([[1], [2]]);
  });
});

describe('resolveColumnValues / appendColumnValues (what crosses to the worker)', () => {
  it('resolves a slice column by column and turns it back into the same rows', () => {
    const columns = resolveColumns(rows, { id: 'id', Structure: 'STR_Structure.NomStructure' });
    const byColumn = resolveColumnValues(rows, columns, '-', 0, 2);
    expect(byColumn).toEqual([
      [1, 2],
      ['Club A', '-'],
    ]);
    const table: unknown[][] = [];
    appendColumnValues(table as never, byColumn);
    expect(table).toEqual(resolveRows(rows, columns, '-'));
  });
});
