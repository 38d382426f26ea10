import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { FRENCH_EXCEL_CSV, csvCell, csvChunks, toCsv } from './csv';
import type { ExportTable } from './types';

const readCsv = (text: string): string[][] => parse(text, { bom: true, relax_column_count: true });

const table: ExportTable = {
  columns: ['N° de flux', 'Libellé', 'Débit'],
  rows: [
    [1, 'Licence, adulte', 12.5],
    [2, 'Dit "le club"\nligne 2', -3],
  ],
};

describe('CSV file shape (R-EXP-07: UTF-8 with a BOM, CRLF line ends)', () => {
  it('starts with a BOM and ends every line with CRLF', () => {
    const csv = toCsv([{ a: 'é' }], { escapeCsv: false });
    expect(csv.startsWith('\uFEFFa\r\né\r\n')).toBe(true);
    expect(csv.replace(/\r\n/g, '')).not.toMatch(/\n/);
  });
  it('writes header lines above the labels and footer lines below the rows (string or array)', () => {
    const csv = toCsv([{ a: 1 }], {
      escapeCsv: false,
      header: ['Flux financiers', 'Saison 2024, club A'],
      footer: 'Fin',
    });
    expect(readCsv(csv)).toEqual([['Flux financiers'], ['Saison 2024, club A'], ['a'], ['1'], ['Fin']]);
  });
});

describe('escapeCsv true, the default (R-EXP-06: every cell is wrapped so spreadsheets treat it as text)', () => {
  it('writes every cell ="value", RFC-quoted because it holds quotes', () => {
    const text = [...csvChunks(table)].map((chunk) => chunk.text).join('');
    expect(text.split('\r\n')[1]).toBe('"=""1""","=""Licence, adulte""","=""12.5"""');
    expect(readCsv(text)).toEqual([
      ['N° de flux', 'Libellé', 'Débit'],
      ['="1"', '="Licence, adulte"', '="12.5"'],
      ['="2"', '="Dit ""le club""\nligne 2"', '="-3"'],
    ]);
  });
  it('doubles inner quotes so a value cannot leave its string literal (R-EXP-06)', () => {
    const attack = 'x" & HYPERLINK("http://evil.example") & "';
    const [, [cell]] = readCsv(toCsv([{ a: attack }])) as [string[], string[]];
    expect(cell).toMatch(/^="(?:[^"]|"")*"$/);
    expect(cell?.slice(2, -1).replace(/""/g, '"')).toBe(attack);
  });
  it('is its own protection: a formula-looking value stays a string literal without apostrophe', () => {
    expect(csvCell('=1+1')).toBe('"=""=1+1"""');
  });
});

describe('escapeCsv false (R-EXP-06: RFC 4180 quoting)', () => {
  it('quotes cells holding commas, quotes or newlines, quotes doubled, and reads back the input', () => {
    const text = [...csvChunks(table, { escapeCsv: false })].map((chunk) => chunk.text).join('');
    expect(readCsv(text)).toEqual([
      ['N° de flux', 'Libellé', 'Débit'],
      ['1', 'Licence, adulte', '12.5'],
      ['2', 'Dit "le club"\nligne 2', '-3'],
    ]);
  });
  it('neutralises text starting with = + - @ tab or CR, keeps negative numbers as numbers (R-SEC-16)', () => {
    const data = [{ a: '=HYPERLINK("x")', b: '+1+1', c: '-1+2', d: '@SUM(A1)', e: '\t=1', f: -42.5 }];
    const [, values] = readCsv(toCsv(data, { escapeCsv: false })) as [string[], string[]];
    expect(values).toEqual(['\'=HYPERLINK("x")', "'+1+1", "'-1+2", "'@SUM(A1)", "'\t=1", '-42.5']);
  });
  it('neutralises labels and header lines too', () => {
    const csv = toCsv([{ '=label': 1 }], { escapeCsv: false, header: '@titre' });
    expect(readCsv(csv).slice(0, 2)).toEqual([["'@titre"], ["'=label"]]);
  });
  it('writes dates the French way and booleans as true/false', () => {
    const [, values] = readCsv(
      toCsv([{ d: new Date('2024-03-01T00:00:00+01:00'), b: false }], { escapeCsv: false }),
    ) as string[][];
    expect(values).toEqual(['01/03/2024 00:00', 'false']);
  });
  it('keeps text a spreadsheet would read as a number as text: ="086002" (leading zero kept)', () => {
    const [, values] = readCsv(toCsv([{ licence: '086002', n: 86002 }], { escapeCsv: false })) as string[][];
    expect(values).toEqual(['="086002"', '86002']);
  });
});

describe('delimiter, decimalSeparator and amountColumns (R-EXP-12: a CSV French Excel reads)', () => {
  const rows = [
    { 'N° de flux': 12, Libellé: 'Cotisation; licence', Débit: 1747.2, Date: new Date('2024-03-01T14:05:09+01:00') },
  ];
  it("defaults to ',' and a decimal point, like the original", () => {
    const csv = toCsv(rows, { escapeCsv: false });
    expect(csv.split('\r\n')[1]).toBe('12,Cotisation; licence,1747.2,01/03/2024 14:05');
  });
  it("FRENCH_EXCEL_CSV writes ';' between fields, quotes a ';' in text, numbers with a decimal comma", () => {
    const csv = toCsv(rows, { ...FRENCH_EXCEL_CSV });
    expect(csv.split('\r\n')[0]).toBe('\uFEFFN° de flux;Libellé;Débit;Date');
    expect(csv.split('\r\n')[1]).toBe('12;"Cotisation; licence";1747,2;01/03/2024 14:05');
  });
  it('amountColumns writes two decimals', () => {
    const csv = toCsv(rows, { ...FRENCH_EXCEL_CSV, amountColumns: ['Débit'] });
    expect(csv.split('\r\n')[1]).toBe('12;"Cotisation; licence";1747,20;01/03/2024 14:05');
  });
});

describe('stringifyLongNum (R-EXP-08: above 99999999999 or below 1e-13 forced to text)', () => {
  const data = [{ big: 123456789012345, limit: 99999999999, tiny: 1e-14, zero: 0, negative: -5, text: '123456789012' }];
  it('is off by default: long numbers are written as numbers (numeric text stays text)', () => {
    const [, values] = readCsv(toCsv(data, { escapeCsv: false })) as string[][];
    expect(values).toEqual(['123456789012345', '99999999999', '1e-14', '0', '-5', '="123456789012"']);
  });
  it('when on, writes long numbers ="value" and leaves 0 and ordinary numbers alone', () => {
    const [, values] = readCsv(toCsv(data, { escapeCsv: false, stringifyLongNum: true })) as string[][];
    expect(values).toEqual(['="123456789012345"', '99999999999', '="1e-14"', '0', '-5', '="123456789012"']);
  });
});

describe('csvChunks (progress-capable generation)', () => {
  it('yields chunks of rows with the running row count, the footer last', () => {
    const rows = Array.from({ length: 5 }, (_, index) => [index]);
    const chunks = [...csvChunks({ columns: ['n'], rows }, { footer: 'fin' }, 2)];
    expect(chunks.map((chunk) => chunk.rowsDone)).toEqual([2, 4, 5, 5]);
    expect(chunks.at(-1)?.text).toBe('fin\r\n');
  });
});
