import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRENCH_EXCEL_CSV } from './csv';
import { generateExportFile, type GenerateExportOptions } from './generate';
import { fileBytes } from './testing';
import type { ExportTable } from './types';

/**
 * R-EXP-12, checked by a real spreadsheet: each export is opened by LibreOffice
 * headless in French (fr-FR, as a French Excel would) and saved as flat ODS, whose cells say
 * their type. Amounts must come back as numbers, dates as dates, the licence '086002' as
 * text. LibreOffice is required (Debian libreoffice-calc-nogui; `.ci/run` installs it): a
 * missing `soffice` fails this file, it is never skipped.
 */

const FR_FR = '1036'; // LibreOffice language id of fr-FR
/** How each file is opened: CSV with ';', UTF-8, fr-FR, special numbers (dates) detected. */
const IMPORT_FILTERS: Record<string, string | undefined> = {
  csv: `Text - txt - csv (StarCalc):59,34,76,1,,${FR_FR},false,true`,
  // The web-query HTML import reads the CSS classes (mso-number-format) and, with '1', dates.
  xls: `calc_HTML_WebQuery:${FR_FR} 1`,
  html: `calc_HTML_WebQuery:${FR_FR} 1`,
  xlsx: undefined,
};

const AMOUNTS = ['Débit', 'Crédit'];
const table: ExportTable = {
  columns: ['N° de flux', 'N° Licence', 'Structure', 'Libellé', 'Débit', 'Crédit', 'Date création'],
  rows: [
    [101, '086002', 'Club; escalade', 'Cotisation 2026', 1747.2, null, new Date('2026-03-01T14:05:00+01:00')],
    [102, '086003', 'Comité "Rhône"', 'Avoir', null, 12.5, new Date('2026-03-02T00:00:00+01:00')],
  ],
};

/** One cell of a flat ODS file: its type, value and the text shown. */
interface OdsCell {
  type: string | undefined;
  value: string | undefined;
  text: string;
}

const XML_ENTITIES: Record<string, string> = { '&quot;': '"', '&apos;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' };
const decodeXml = (text: string) =>
  text.replace(/&(?:quot|apos|lt|gt|amp);/g, (entity) => XML_ENTITIES[entity] ?? entity);
const attribute = (attributes: string, name: string) => {
  const value = new RegExp(`${name}="([^"]*)"`).exec(attributes)?.[1];
  return value === undefined ? undefined : decodeXml(value);
};

/** The first sheet's rows of a flat ODS document (repeated cells expanded, empty rows kept). */
function readOdsRows(fods: string): OdsCell[][] {
  const rows: OdsCell[][] = [];
  for (const [, rowXml] of fods.matchAll(/<table:table-row[^>]*>([\s\S]*?)<\/table:table-row>/g)) {
    const cells: OdsCell[] = [];
    for (const match of (rowXml ?? '').matchAll(/<table:table-cell([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g)) {
      const attributes = match[1] ?? '';
      const text = [...(match[2] ?? '').matchAll(/<text:p>([\s\S]*?)<\/text:p>/g)]
        .map((paragraph) => (paragraph[1] ?? '').replace(/<[^>]+>/g, ''))
        .join('\n')
        .replace(/[\u00a0\u202f]/g, ' ');
      const shown = decodeXml(text);
      const cell = {
        type: attribute(attributes, 'office:value-type'),
        value:
          attribute(attributes, 'office:value') ??
          attribute(attributes, 'office:date-value') ??
          attribute(attributes, 'office:string-value'),
        text: shown,
      };
      const repeat = Number(attribute(attributes, 'table:number-columns-repeated') ?? 1);
      for (let index = 0; index < Math.min(repeat, 20); index += 1) cells.push(cell);
    }
    rows.push(cells);
  }
  return rows;
}

let workDirectory = '';

/** Writes the export of `options.type`, opens it in LibreOffice (fr-FR) and reads it back. */
async function readBackInLibreOffice(options: GenerateExportOptions): Promise<OdsCell[][]> {
  const type = options.type ?? 'xls';
  const file = await generateExportFile(table, { ...options, amountColumns: AMOUNTS, name: `flux-${type}` });
  if (!file) throw new Error('no file');
  const path = join(workDirectory, file.fileName);
  writeFileSync(path, fileBytes(file));
  const filter = IMPORT_FILTERS[type];
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=file://${join(workDirectory, 'profile')}`,
      '--headless',
      '--norestore',
      ...(filter ? [`--infilter=${filter}`] : []),
      '--convert-to',
      'fods',
      '--outdir',
      join(workDirectory, type),
      path,
    ],
    { env: { ...process.env, LC_ALL: 'fr_FR.UTF-8', LANG: 'fr_FR.UTF-8' }, stdio: 'pipe', timeout: 90_000 },
  );
  const rows = readOdsRows(readFileSync(join(workDirectory, type, `flux-${type}.fods`), 'utf8'));
  // The labels' row, then the rows of the table.
  const labels = rows.findIndex((row) => row[0]?.text === 'N° de flux');
  return rows.slice(labels + 1, labels + 1 + table.rows.length);
}

const NUMBER_TYPES = ['float', 'currency'];

function expectFrenchExcelReadable(rows: OdsCell[][]) {
  const [first, second] = rows as [OdsCell[], OdsCell[]];
  // Amounts: numbers, the right values.
  expect(NUMBER_TYPES).toContain(first[4]?.type);
  expect(Number(first[4]?.value)).toBe(1747.2);
  expect(NUMBER_TYPES).toContain(second[5]?.type);
  expect(Number(second[5]?.value)).toBe(12.5);
  // The flux number too.
  expect(first[0]?.type).toBe('float');
  // Dates: dates, at the Paris wall-clock time.
  expect(first[6]?.type).toBe('date');
  expect(first[6]?.value).toBe('2026-03-01T14:05:00');
  expect(second[6]?.type).toBe('date');
  expect(second[6]?.value?.startsWith('2026-03-02')).toBe(true);
  // The licence keeps its leading zero: text.
  expect(first[1]).toMatchObject({ type: 'string', text: '086002' });
  // Text holding the delimiter or quotes stays in its cell.
  expect(first[2]).toMatchObject({ type: 'string', text: 'Club; escalade' });
  expect(second[2]).toMatchObject({ type: 'string', text: 'Comité "Rhône"' });
}

describe('exports read by a French spreadsheet (LibreOffice headless, fr-FR; R-EXP-12)', () => {
  beforeAll(() => {
    workDirectory = mkdtempSync(join(tmpdir(), 'gdf-export-lo-'));
    try {
      execFileSync('soffice', ['--version'], { stdio: 'pipe', timeout: 60_000 });
    } catch (error) {
      throw new Error(
        `LibreOffice (soffice) is required by this test: apt-get install libreoffice-calc-nogui (${String(error)})`,
      );
    }
  }, 60_000);
  afterAll(() => rmSync(workDirectory, { recursive: true, force: true }));

  it("the flux page's CSV (FRENCH_EXCEL_CSV: ';', decimal comma): amounts numbers, dates dates, licence text", async () => {
    expectFrenchExcelReadable(await readBackInLibreOffice({ type: 'csv', ...FRENCH_EXCEL_CSV }));
  }, 120_000);

  it("the xlsx: amounts numbers shown '# ##0,00 €', dates dates, licence text", async () => {
    const rows = await readBackInLibreOffice({ type: 'xlsx' });
    expectFrenchExcelReadable(rows);
    expect(rows[0]?.[4]?.text).toBe('1 747,20 €');
    expect(rows[0]?.[6]?.text).toBe('01/03/2026 14:05');
  }, 120_000);

  it.each(['xls', 'html'] as const)(
    'the %s (HTML table): amounts numbers, dates dates, licence text (mso-number-format "\\@")',
    async (type) => {
      expectFrenchExcelReadable(await readBackInLibreOffice({ type }));
    },
    120_000,
  );
});
