import { describe, expect, it } from 'vitest';
import { generateExportFile } from './generate';
import { fileText } from './testing';
import type { ExportTable, ExportType } from './types';

const table: ExportTable = { columns: ['a'], rows: [[1], [2], [3]] };

describe('generateExportFile (the one path of the worker, its fallback and the bench)', () => {
  it('generates nothing when there are no rows (R-EXP-10)', async () => {
    for (const type of ['xls', 'csv', 'html', 'xlsx'] as ExportType[]) {
      expect(await generateExportFile({ columns: ['a'], rows: [] }, { type })).toBeNull();
    }
  });

  it('defaults to xls, data.xls, application/vnd.ms-excel (R-EXP-01, R-EXP-02)', async () => {
    const file = await generateExportFile(table);
    expect(file?.fileName).toBe('data.xls');
    expect(file?.mimeType).toBe('application/vnd.ms-excel');
    expect(fileText(file!)).toContain('<x:Name>Sheet1</x:Name>');
  });

  it.each([
    ['csv', 'export.csv', 'text/csv;charset=utf-8'],
    ['html', 'export.html', 'text/html'],
    ['xlsx', 'export.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ] as const)('%s swaps the extension and has its MIME type (R-EXP-01, R-EXP-02)', async (type, fileName, mimeType) => {
    const file = await generateExportFile(table, { type, name: 'export.xls' });
    expect(file).toMatchObject({ fileName, mimeType });
  });

  it('html is the same document as xls', async () => {
    const xls = await generateExportFile(table, { type: 'xls' });
    const html = await generateExportFile(table, { type: 'html' });
    expect(fileText(html!)).toBe(fileText(xls!));
  });

  it('reports progress up to the row count, whatever the type', async () => {
    for (const type of ['csv', 'xls', 'xlsx'] as ExportType[]) {
      const seen: number[] = [];
      await generateExportFile(table, { type }, (done, total) => void seen.push(done / total), 2);
      expect(seen.at(-1)).toBe(1);
      expect(seen).toEqual([...seen].sort());
    }
  });
});
