import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { fileBytes } from '../testing';
import type { ExportFormatOptions, ExportTable } from '../types';
import { toXlsx } from './write-xlsx';

async function readBack(table: ExportTable, options: ExportFormatOptions = {}) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fileBytes({ parts: await toXlsx(table, options) }).buffer);
  return workbook;
}

const values = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1);

describe('xlsx (R-EXP-01: a real Office Open XML workbook), read back by ExcelJS', () => {
  const date = new Date('2024-03-01T00:00:00+01:00');
  const dateTime = new Date('2024-03-01T14:30:00+01:00');
  const table: ExportTable = {
    columns: ['N° de flux', 'Structure', 'Débit', 'Date création', 'Payé'],
    rows: [
      [123456, 'Club A & Co <escalade>', 120.5, date, true],
      [7, '', -3, dateTime, false],
    ],
  };

  it('gives back numbers as numbers, text as text, booleans as booleans', async () => {
    const sheet = (await readBack(table)).worksheets[0] as ExcelJS.Worksheet;
    expect(values(sheet, 1)).toEqual(table.columns);
    const [id, structure, debit, , paid] = values(sheet, 2);
    expect([id, structure, debit, paid]).toEqual([123456, 'Club A & Co <escalade>', 120.5, true]);
    expect(sheet.getCell('C3').value).toBe(-3);
    expect(sheet.getCell('B3').value).toBeNull();
    expect(sheet.getCell('E3').value).toBe(false);
  });

  it('gives back dates as dates with the JJ/MM/AAAA HH:MM format (Paris wall-clock day kept, R-EXP-13)', async () => {
    const sheet = (await readBack(table)).worksheets[0] as ExcelJS.Worksheet;
    const cell = sheet.getCell('D2');
    expect(cell.value).toBeInstanceOf(Date);
    expect((cell.value as Date).toISOString()).toBe('2024-03-01T00:00:00.000Z');
    expect(cell.numFmt).toBe('dd/mm/yyyy hh:mm');
    expect((sheet.getCell('D3').value as Date).toISOString()).toBe('2024-03-01T14:30:00.000Z');
    expect(sheet.getCell('D3').numFmt).toBe('dd/mm/yyyy hh:mm');
  });

  it('gives dayColumns real date cells with the JJ/MM/AAAA format, the Paris day kept (R-EXP-01, R-EXP-13)', async () => {
    // 23:30 UTC on 29 February is 1 March in Paris; the day's serial has no time of day.
    const days: ExportTable = { columns: ['Date', 'N°'], rows: [[new Date('2024-02-29T23:30:00Z'), 1]] };
    const sheet = (await readBack(days, { dayColumns: ['Date'] })).worksheets[0] as ExcelJS.Worksheet;
    const cell = sheet.getCell('A2');
    expect(cell.value).toBeInstanceOf(Date);
    expect((cell.value as Date).toISOString()).toBe('2024-03-01T00:00:00.000Z');
    expect(cell.numFmt).toBe('dd/mm/yyyy');
    expect(sheet.getCell('B2').numFmt).toBeUndefined();
  });

  it("gives amountColumns the '# ##0,00 €' format (R-EXP-12), other numbers none", async () => {
    const sheet = (await readBack(table, { amountColumns: ['Débit'] })).worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getCell('C2').value).toBe(120.5);
    expect(sheet.getCell('C2').numFmt).toBe('#,##0.00 "€"');
    expect(sheet.getCell('A2').numFmt).toBeUndefined();
  });

  it('names the worksheet (default Sheet1)', async () => {
    expect((await readBack(table)).worksheets[0]?.name).toBe('Sheet1');
    expect((await readBack(table, { worksheet: 'Flux 2024' })).worksheets[0]?.name).toBe('Flux 2024');
  });

  it('writes header and footer lines as rows merged across the columns', async () => {
    const sheet = (await readBack(table, { header: ['Flux financiers', 'Club A'], footer: 'Généré le 01/03/2024' }))
      .worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getCell('A1').value).toBe('Flux financiers');
    expect(sheet.getCell('A2').value).toBe('Club A');
    expect(values(sheet, 3)).toEqual(table.columns);
    expect(sheet.getCell('A4').value).toBe(123456);
    expect(sheet.getCell('A6').value).toBe('Généré le 01/03/2024');
    expect(sheet.getCell('E1').isMerged).toBe(true);
    expect(sheet.getCell('E6').isMerged).toBe(true);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
  });

  it('neutralises formula-like text (R-SEC-16) and keeps negative numbers numeric', async () => {
    const sheet = (await readBack({ columns: ['a', 'b', 'c'], rows: [['=1+1', '@SUM(A1)', -12]] }))
      .worksheets[0] as ExcelJS.Worksheet;
    expect(values(sheet, 2)).toEqual(["'=1+1", "'@SUM(A1)", -12]);
    expect(sheet.getCell('A2').formula).toBeUndefined();
  });

  it('stringifyLongNum writes long numbers as text, and only when on (R-EXP-08)', async () => {
    const longTable = { columns: ['big', 'small'], rows: [[123456789012345, 99999999999]] };
    const off = (await readBack(longTable)).worksheets[0] as ExcelJS.Worksheet;
    expect(values(off, 2)).toEqual([123456789012345, 99999999999]);
    const on = (await readBack(longTable, { stringifyLongNum: true })).worksheets[0] as ExcelJS.Worksheet;
    expect(values(on, 2)).toEqual(['123456789012345', 99999999999]);
  });

  it('drops characters XML cannot hold and keeps spaces and line breaks', async () => {
    const sheet = (await readBack({ columns: ['a', 'b'], rows: [['a\u0001b\u0000c', ' x \ny ']] }))
      .worksheets[0] as ExcelJS.Worksheet;
    expect(values(sheet, 2)).toEqual(['abc', ' x \ny ']);
  });

  it('handles more than 26 columns (AA, AB...)', async () => {
    const columns = Array.from({ length: 30 }, (_, index) => `c${index}`);
    const sheet = (await readBack({ columns, rows: [columns.map((_, index) => index)] }))
      .worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getCell('AD2').value).toBe(29);
  });
});
