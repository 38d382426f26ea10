import ExcelJS from 'exceljs';
import type { ExportCell, GenerateExportOptions } from '@gdf/file-formats';
import { describe, expect, it } from 'vitest';
import { createExportJob } from './export-job';
import type { FromExportWorker } from './export-protocol';

const columns = ['N° de flux', 'Structure', 'Libellé', 'Débit', 'Crédit', 'Date création'];
const rows: ExportCell[][] = [
  [101, 'Club <A> & Co', '=HYPERLINK("x")', 120.5, null, new Date('2024-03-01T00:00:00+01:00')],
  [102, 'Club B', 'Ligne 1\nLigne 2', null, -30, new Date('2024-03-02T14:30:00+01:00')],
];

/** Runs the worker's job as the worker would and returns the posted file. */
async function generate(options: GenerateExportOptions) {
  const posted: FromExportWorker[] = [];
  const handle = createExportJob((message) => posted.push(message));
  await handle({ kind: 'start', columns, options });
  const byColumn = (slice: ExportCell[][]) => columns.map((_label, column) => slice.map((row) => row[column] ?? null));
  await handle({ kind: 'rows', byColumn: byColumn(rows.slice(0, 1)) });
  await handle({ kind: 'rows', byColumn: byColumn(rows.slice(1)) });
  await handle({ kind: 'end' });
  const done = posted.find((message) => message.kind === 'done');
  if (!done || done.kind !== 'done') throw new Error(JSON.stringify(posted));
  return { ...done, progress: posted.filter((message) => message.kind === 'progress') };
}

const parseHtml = async (blob: Blob) => new DOMParser().parseFromString(await blob.text(), 'text/html');

describe('xls and html files read back by DOMParser (R-EXP-01)', () => {
  it.each(['xls', 'html'] as const)('%s gives back the labels, values and their types', async (type) => {
    const { blob, fileName } = await generate({ type, worksheet: 'Flux', header: 'Flux financiers', footer: 'Fin' });
    expect(fileName).toBe(`data.${type}`);
    const document = await parseHtml(blob);
    expect(document.documentElement.getAttribute('xmlns:x')).toBe('urn:schemas-microsoft-com:office:excel');
    expect(document.documentElement.getAttribute('xmlns:o')).toBe('urn:schemas-microsoft-com:office:office');
    const headRows = [...document.querySelectorAll('thead tr')].map((row) => row.textContent);
    expect(headRows).toEqual(['Flux financiers', columns.join('')]);
    expect(document.querySelector('thead th')?.getAttribute('colspan')).toBe('6');
    const body = [...document.querySelectorAll('tbody tr')].map((row) => [...row.children]);
    expect(body[0]?.map((cell) => cell.textContent)).toEqual([
      '101',
      'Club <A> & Co',
      `'=HYPERLINK("x")`,
      '120,5',
      '',
      '01/03/2024 00:00',
    ]);
    expect(body[0]?.[0]?.getAttribute('x:num')).toBe('101');
    expect(body[0]?.[5]?.getAttribute('x:num')).toBe('45352');
    expect(body[1]?.[2]?.innerHTML).toBe('Ligne 1<br>Ligne 2');
    expect(body[1]?.[4]?.getAttribute('x:num')).toBe('-30');
    expect(document.querySelector('tfoot td')?.textContent).toBe('Fin');
    expect(await blob.text()).toContain('<x:Name>Flux</x:Name>');
  });

  it('serves xls as application/vnd.ms-excel and html as text/html', async () => {
    expect((await generate({ type: 'xls' })).blob.type).toBe('application/vnd.ms-excel');
    expect((await generate({ type: 'html' })).blob.type).toBe('text/html');
  });
});

describe('xlsx file read back by ExcelJS (R-EXP-01: numbers are numbers, dates are dates)', () => {
  it('gives back values with their types, the worksheet name, header and footer rows', async () => {
    const { blob, fileName } = await generate({ type: 'xlsx', name: 'flux.xls', worksheet: 'Flux', header: 'Titre' });
    expect(fileName).toBe('flux.xlsx');
    expect(blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await blob.arrayBuffer());
    const sheet = workbook.getWorksheet('Flux') as ExcelJS.Worksheet;
    expect(sheet.getCell('A1').value).toBe('Titre');
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(columns);
    expect(sheet.getCell('A3').value).toBe(101);
    expect(sheet.getCell('D3').value).toBe(120.5);
    expect(sheet.getCell('E4').value).toBe(-30);
    expect(sheet.getCell('C3').value).toBe(`'=HYPERLINK("x")`);
    expect(sheet.getCell('F3').value).toEqual(new Date('2024-03-01T00:00:00Z'));
    expect(sheet.getCell('F3').numFmt).toBe('dd/mm/yyyy hh:mm');
  });
});

describe('createExportJob', () => {
  it('reports progress up to every row', async () => {
    const { progress } = await generate({ type: 'csv' });
    expect(progress.at(-1)).toEqual({ kind: 'progress', done: 2, total: 2 });
  });

  it('posts empty when no rows arrived', async () => {
    const posted: FromExportWorker[] = [];
    const handle = createExportJob((message) => posted.push(message));
    await handle({ kind: 'start', columns, options: {} });
    await handle({ kind: 'end' });
    expect(posted).toEqual([{ kind: 'empty' }]);
  });
});
