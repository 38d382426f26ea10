import ExcelJS from 'exceljs';
import {
  EXPORT_TYPES,
  FRENCH_EXCEL_CSV,
  generateExportFile,
  hasHiddenCharacters,
  resolveTable,
  type GenerateExportOptions,
} from '@gdf/file-formats';
import { describe, expect, it } from 'vitest';
import type { FluxRow } from '../api/flux-row';
import { FLUX_EXPORT_FIELDS } from './export-fields';

/** What a user could have typed into a structure's name or a flux label. */
const HOSTILE = [
  "=cmd|' /C calc'!A0 \u202Eevil\u202C",
  '@SUM(1)\u200B fin',
  "\u200B=cmd|' /C calc'!A0",
  '\u202E+33 \u2066evil\u2069',
];
// A cell a spreadsheet runs: = + @ tab CR, or '-' before anything but a number.
const FORMULA_START = /^(?:[=+@\t\r]|-(?![\d,.]|$))/;

/** Every text a row of the search carries holds hostile text, as the GraphQL answer gives it. */
const rows: FluxRow[] = HOSTILE.map((text, index) => ({
  id: 900_001 + index,
  NomFluxFinancier: text,
  Z_DateCreation: '2026-10-08T09:30:00Z',
  MontantTTC: '120.00',
  EST_Debit: index % 2 === 0,
  EST_Reglement: false,
  DateReglement: null,
  ID_FluxFinancierRelance: null,
  ID_Structure: 9,
  STR_Structure: { NomStructure: HOSTILE[(index + 1) % HOSTILE.length]! },
  UTI_Utilisateur: { CT_Nom: text, CT_Prenom: text, LicenceNumero: null },
}));

/** The browser's exports of the flux search: every generic type and the French Excel CSV it offers. */
const VARIANTS: Array<{ name: string; options: GenerateExportOptions }> = [
  ...EXPORT_TYPES.map((type) => ({ name: type, options: { type } })),
  { name: 'csv (French Excel)', options: { type: 'csv', ...FRENCH_EXCEL_CSV } },
];

const unquote = (cell: string) =>
  cell.startsWith('"') && cell.endsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;

/** The cells of each column of the file, as a spreadsheet reads them. */
async function columnsOf(options: GenerateExportOptions, labels: string[]): Promise<Map<string, string[]>> {
  const file = await generateExportFile(resolveTable(rows, { fields: FLUX_EXPORT_FIELDS }), {
    ...options,
    amountColumns: ['Débit', 'Crédit'],
  });
  if (!file) throw new Error('no file');
  let grid: string[][];
  if (options.type === 'xlsx') {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await new Blob(file.parts).arrayBuffer());
    grid = [];
    workbook.worksheets[0]!.eachRow((row) =>
      grid.push(labels.map((_, index) => String(row.getCell(index + 1).value ?? ''))),
    );
  } else {
    const text = (await new Blob(file.parts).text()).replace(/^\uFEFF/, '');
    expect(text).not.toSatisfy(hasHiddenCharacters);
    if (options.type === 'csv') {
      // No hostile text holds the delimiter or a quote: a plain split is exact here.
      const delimiter = options.delimiter ?? ',';
      grid = text
        .split('\r\n')
        .filter(Boolean)
        .map((line) => line.split(delimiter).map(unquote));
    } else {
      const document = new DOMParser().parseFromString(text, 'text/html');
      grid = [...document.querySelectorAll('tr')].map((row) => [...row.children].map((cell) => cell.textContent ?? ''));
    }
  }
  expect(grid[0]).toEqual(labels);
  return new Map(labels.map((label, index) => [label, grid.slice(1).map((row) => row[index] ?? '')]));
}

/**
 * R-SEC-16, R-SEC-17 for the files the browser writes: every column of the flux search's export
 * (its own list, FLUX_EXPORT_FIELDS), in every type, from rows whose texts are hostile.
 */
describe('the flux search export from hostile text (R-SEC-16, R-SEC-17)', () => {
  it.each(VARIANTS)(
    '$name: no cell starts a formula, no bidi or zero-width character survives',
    async ({ options }) => {
      const labels = Object.keys(FLUX_EXPORT_FIELDS);
      const columns = await columnsOf(options, labels);
      const fed: string[] = [];
      for (const [label, cells] of columns) {
        expect(cells).toHaveLength(rows.length);
        for (const cell of cells) {
          expect(cell, label).not.toSatisfy(hasHiddenCharacters);
          // escapeCsv's ="value" is a string literal: its own protection (R-EXP-06).
          if (!(cell.startsWith('="') && cell.endsWith('"'))) expect(cell, label).not.toMatch(FORMULA_START);
        }
        if (cells.some((cell) => /cmd\||SUM\(1\)|evil/.test(cell))) fed.push(label);
      }
      expect(fed).toEqual(['Structure', 'Libellé']);
    },
  );
});
