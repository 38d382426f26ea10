import { safeWorksheetName } from '../file-naming';

/**
 * The fixed parts of a one-sheet Office Open XML workbook (ECMA-376), the smallest set Excel
 * and LibreOffice open without a repair prompt.
 */

/** Cell style indexes of `STYLES_XML`'s cellXfs. */
export const STYLE = { normal: 0, date: 1, dateTime: 2, bold: 3, text: 4, amount: 5 } as const;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

export const CONTENT_TYPES_XML =
  XML_DECLARATION +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

export const ROOT_RELS_XML =
  XML_DECLARATION +
  `<Relationships xmlns="${RELATIONSHIPS}">` +
  `<Relationship Id="rId1" Type="${OFFICE_RELS}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

export const WORKBOOK_RELS_XML =
  XML_DECLARATION +
  `<Relationships xmlns="${RELATIONSHIPS}">` +
  `<Relationship Id="rId1" Type="${OFFICE_RELS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${OFFICE_RELS}/styles" Target="styles.xml"/>` +
  '</Relationships>';

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The workbook part, naming its single worksheet (default Sheet1). */
export function workbookXml(worksheet: string | undefined): string {
  return (
    XML_DECLARATION +
    `<workbook xmlns="${MAIN}" xmlns:r="${OFFICE_RELS}"><bookViews><workbookView/></bookViews>` +
    `<sheets><sheet name="${escapeAttribute(safeWorksheetName(worksheet))}" sheetId="1" r:id="rId1"/></sheets></workbook>`
  );
}

/** Euros with two decimals and thousands grouped: '1 747,20 €' in a French spreadsheet. */
const AMOUNT_FORMAT_CODE = '#,##0.00 "€"';

const xf = (numFmtId: number, fontId: number, extra = '') =>
  `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"${extra}/>`;
const font = (bold: boolean) =>
  `<font>${bold ? '<b/>' : ''}<sz val="11"/><name val="Calibri"/><family val="2"/></font>`;

/**
 * French date formats, and euros shown '# ##0,00 €' by a French Excel (the file holds the
 * locale-neutral code); 49 is the built-in text format '@'. Order follows `STYLE`.
 */
export const STYLES_XML =
  XML_DECLARATION +
  `<styleSheet xmlns="${MAIN}">` +
  '<numFmts count="3"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="dd/mm/yyyy hh:mm"/>' +
  `<numFmt numFmtId="166" formatCode="${AMOUNT_FORMAT_CODE.replace(/"/g, '&quot;')}"/></numFmts>` +
  `<fonts count="2">${font(false)}${font(true)}</fonts>` +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="6">' +
  xf(0, 0) +
  xf(164, 0, ' applyNumberFormat="1"') +
  xf(165, 0, ' applyNumberFormat="1"') +
  xf(0, 1, ' applyFont="1"') +
  xf(49, 0, ' applyNumberFormat="1"') +
  xf(166, 0, ' applyNumberFormat="1"') +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';
