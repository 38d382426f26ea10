import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { fileBytes } from '../testing';
import { toXlsxSheets } from './write-workbook';

describe('xlsx workbook of several worksheets (R-EXP-01), read back by ExcelJS', () => {
  it('writes each table in its own worksheet, names made safe and unique, numbers and days kept', async () => {
    const day = new Date('2025-10-01T12:00:00Z');
    const parts = await toXlsxSheets([
      {
        table: { columns: ['Mois', 'Facturé'], rows: [[day, 1234.5]] },
        options: { worksheet: 'Facturation', dayColumns: ['Mois'], amountColumns: ['Facturé'] },
      },
      { table: { columns: ['Code', 'Nombre'], rows: [['AM04', 3]] }, options: { worksheet: 'Rejets/banque' } },
      { table: { columns: ['Code'], rows: [] }, options: { worksheet: 'rejets banque' } },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(fileBytes({ parts }).buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Facturation',
      'Rejets banque',
      'rejets banque (2)',
    ]);
    const [month, billed] = (workbook.worksheets[0]!.getRow(2).values as unknown[]).slice(1);
    expect(month).toBeInstanceOf(Date);
    expect(billed).toBe(1234.5);
    expect((workbook.worksheets[1]!.getRow(2).values as unknown[]).slice(1)).toEqual(['AM04', 3]);
  });

  it('refuses a workbook without a worksheet', async () => {
    await expect(toXlsxSheets([])).rejects.toThrow(/au moins une feuille/);
  });
});
