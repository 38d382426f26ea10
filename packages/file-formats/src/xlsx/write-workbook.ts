import type { ExportFormatOptions, ExportTable } from '../types';
import { safeWorksheetName } from '../file-naming';
import { ROOT_RELS_XML, STYLES_XML } from './package-parts';
import { sheetXmlChunks } from './sheet-xml';
import { createUtf8Encoder } from './web-platform';
import { zipEntries, type Bytes } from './zip';

/** One worksheet of a workbook: its table and its options (`worksheet` names it). */
export interface XlsxSheet {
  table: ExportTable;
  options: ExportFormatOptions & { worksheet: string };
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const SHEET_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml';

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Sheet names as Excel wants them: safe and unique (a repeated name gets ' (2)'). */
function sheetNames(sheets: readonly XlsxSheet[]): string[] {
  const used = new Set<string>();
  return sheets.map((sheet) => {
    const base = safeWorksheetName(sheet.options.worksheet);
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n += 1) name = `${base.slice(0, 26)} (${n})`;
    used.add(name.toLowerCase());
    return name;
  });
}

function contentTypes(count: number): string {
  const sheets = Array.from(
    { length: count },
    (_unused, index) => `<Override PartName="/xl/worksheets/sheet${index + 1}.xml" ContentType="${SHEET_TYPE}"/>`,
  ).join('');
  return (
    XML_DECLARATION +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    sheets +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    '</Types>'
  );
}

function workbookRels(count: number): string {
  const sheets = Array.from(
    { length: count },
    (_unused, index) =>
      `<Relationship Id="rId${index + 1}" Type="${OFFICE_RELS}/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`,
  ).join('');
  return (
    XML_DECLARATION +
    `<Relationships xmlns="${RELATIONSHIPS}">${sheets}` +
    `<Relationship Id="rId${count + 1}" Type="${OFFICE_RELS}/styles" Target="styles.xml"/></Relationships>`
  );
}

function workbook(names: readonly string[]): string {
  const sheets = names
    .map((name, index) => `<sheet name="${escapeAttribute(name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`)
    .join('');
  return (
    XML_DECLARATION +
    `<workbook xmlns="${MAIN}" xmlns:r="${OFFICE_RELS}"><bookViews><workbookView/></bookViews>` +
    `<sheets>${sheets}</sheets></workbook>`
  );
}

/**
 * A real .xlsx workbook of several worksheets (R-EXP-01), each written as toXlsx writes its one:
 * numbers as numbers, amounts with the euro format, days as date cells. Returns the file as parts.
 */
export async function toXlsxSheets(sheets: readonly XlsxSheet[]): Promise<Bytes[]> {
  if (sheets.length === 0) throw new Error('Un classeur compte au moins une feuille');
  const encoder = createUtf8Encoder();
  const encode = (text: string): Bytes => encoder.encode(text);
  const names = sheetNames(sheets);
  return zipEntries([
    { name: '[Content_Types].xml', chunks: [encode(contentTypes(sheets.length))] },
    { name: '_rels/.rels', chunks: [encode(ROOT_RELS_XML)] },
    { name: 'xl/workbook.xml', chunks: [encode(workbook(names))] },
    { name: 'xl/_rels/workbook.xml.rels', chunks: [encode(workbookRels(sheets.length))] },
    { name: 'xl/styles.xml', chunks: [encode(STYLES_XML)] },
    ...sheets.map((sheet, index) => ({
      name: `xl/worksheets/sheet${index + 1}.xml`,
      chunks: [...sheetXmlChunks(sheet.table, sheet.options)].map((chunk) => encode(chunk.text)),
    })),
  ]);
}
