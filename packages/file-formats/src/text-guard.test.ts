import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { FRENCH_EXCEL_CSV } from './csv';
import { EXPORT_TYPES } from './file-naming';
import { generateExportFile, type GenerateExportOptions } from './generate';
import { hasHiddenCharacters, stripHiddenCharacters, stripHiddenCharactersDeep } from './text-guard';
import { fileBytes, fileText } from './testing';
import type { ExportTable } from './types';

/** What a user could have typed into any text a file carries. */
const HOSTILE = [
  "=cmd|' /C calc'!A0",
  '@SUM(1)',
  '\u202Eevil\u202C',
  'a\u200Bb',
  '\u200B=1+1',
  '\uFEFF+33 6',
  '-\u2066x',
];
// A cell a spreadsheet runs: = + @ tab CR, or '-' before anything but a number.
const FORMULA_START = /^(?:[=+@\t\r]|-(?![\d,.]|$))/;

/** Every column label, header and footer line and cell holds hostile text. */
const table: ExportTable = {
  columns: HOSTILE.map((text, index) => `${text}${index}`),
  rows: HOSTILE.map((_, row) => HOSTILE.map((_, column) => HOSTILE[(row + column) % HOSTILE.length]!)),
};
const textOptions = { header: HOSTILE, footer: HOSTILE };

/** Every file type the generic export writes, with each CSV variant the product uses. */
const VARIANTS: Array<{ name: string; options: GenerateExportOptions }> = [
  ...EXPORT_TYPES.map((type) => ({ name: type, options: { type } })),
  { name: 'csv (escapeCsv: false)', options: { type: 'csv', escapeCsv: false } },
  { name: 'csv (French Excel)', options: { type: 'csv', ...FRENCH_EXCEL_CSV } },
];

function unquote(cell: string): string {
  return cell.startsWith('"') && cell.endsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;
}

/** The text of every cell of a generated file, as a spreadsheet reads it. */
async function cellsOf(options: GenerateExportOptions): Promise<string[]> {
  const file = await generateExportFile(table, { ...textOptions, ...options });
  if (!file) throw new Error('no file');
  if (options.type === 'xlsx') {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(fileBytes(file).buffer);
    const cells: string[] = [];
    workbook.worksheets[0]!.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
    return cells;
  }
  const text = fileText(file);
  expect(text.startsWith('\uFEFF') ? text.slice(1) : text).not.toSatisfy(hasHiddenCharacters);
  if (options.type === 'csv') {
    const delimiter = options.delimiter ?? ',';
    // No hostile value holds the delimiter or a quote-delimiter pair: a plain split is exact here.
    return text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)
      .flatMap((line) => line.split(delimiter).map(unquote));
  }
  return [...text.matchAll(/<t[dh][^>]*>([^<]*)</g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
}

describe('one text guard at the file boundary, every generic export type (R-SEC-16, R-SEC-17)', () => {
  it.each(VARIANTS)(
    '$name: no cell starts a formula, no bidi or zero-width character survives',
    async ({ options }) => {
      const cells = await cellsOf(options);
      expect(cells.length).toBeGreaterThanOrEqual(table.columns.length * (table.rows.length + 1));
      for (const cell of cells) {
        expect(cell).not.toSatisfy(hasHiddenCharacters);
        // escapeCsv's ="value" is a string literal: its own protection (R-EXP-06).
        if (cell.startsWith('="') && cell.endsWith('"')) continue;
        expect(cell).not.toMatch(FORMULA_START);
      }
    },
  );

  it('removes exactly the bidi controls and zero-width characters, nothing else', () => {
    const hidden =
      '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C\u200B\u200C\u200D\u2060\uFEFF';
    expect(stripHiddenCharacters(`a${hidden}b`)).toBe('ab');
    const visible = 'Éloïse Œuvré – ФФМЕ العربية 日本 😀 \u00A0';
    expect(stripHiddenCharacters(visible)).toBe(visible);
    expect(hasHiddenCharacters(visible)).toBe(false);
  });
});

describe('stripHiddenCharactersDeep: a document input guarded once (R-SEC-17)', () => {
  it('strips every nested string, keeps dates, numbers and nulls, and returns clean parts as they are', () => {
    const createdAt = new Date('2025-03-01T10:00:00Z');
    const clean = { city: 'Grenoble', lines: ['12 rue X'] };
    const input = {
      flux: { name: 'Licence\u202Eadulte', createdAt, amount: 1234, dueDate: null },
      buyer: { name: '\u200B=cmd', address: { line1: 'Rue\u2066 B\u2069', postalCode: null } },
      rows: [['a\uFEFFb', '12,00 €']],
      clean,
    };
    const guarded = stripHiddenCharactersDeep(input);
    expect(guarded).toEqual({
      flux: { name: 'Licenceadulte', createdAt, amount: 1234, dueDate: null },
      buyer: { name: '=cmd', address: { line1: 'Rue B', postalCode: null } },
      rows: [['ab', '12,00 €']],
      clean,
    });
    expect(guarded.flux.createdAt).toBe(createdAt);
    expect(guarded.clean).toBe(clean);
    expect(input.flux.name).toBe('Licence\u202Eadulte');
    const untouched = { a: ['x', { b: 'y' }] };
    expect(stripHiddenCharactersDeep(untouched)).toBe(untouched);
  });
});
