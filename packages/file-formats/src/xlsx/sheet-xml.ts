import { amountColumnFlags, cellText, excelDateSerial, isLongNumber, neutraliseFormula } from '../cells';
import { DEFAULT_CHUNK_ROWS, type ExportChunk } from '../chunks';
import { extraLines } from '../file-naming';
import type { ExportCell, ExportFormatOptions, ExportTable } from '../types';
import { STYLE } from './package-parts';

// Characters XML 1.0 forbids: Excel reports a corrupt file if one slips through.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Escapes text content for XML and drops the characters XML cannot hold. */
export function escapeXml(text: string): string {
  return text.replace(INVALID_XML, '').replace(/[&<>]/g, (char) => XML_ESCAPES[char] as string);
}

/** 0 -> 'A', 25 -> 'Z', 26 -> 'AA'. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

// Excel refuses (repairs) cells longer than this.
const MAX_CELL_TEXT = 32_767;

function inlineString(ref: string, fullText: string, style?: number): string {
  const text = fullText.length > MAX_CELL_TEXT ? fullText.slice(0, MAX_CELL_TEXT) : fullText;
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  const styleAttribute = style === undefined ? '' : ` s="${style}"`;
  return `<c r="${ref}" t="inlineStr"${styleAttribute}><is><t${space}>${escapeXml(text)}</t></is></c>`;
}

/** What a column holds beyond its cells' own types: amounts in euros, or days. */
type XlsxColumnKind = 'amount' | 'day' | undefined;

/** A date cell: its serial with the JJ/MM/AAAA HH:MM format, or the whole day's with JJ/MM/AAAA. */
function dateCell(ref: string, date: Date, options: ExportFormatOptions, day: boolean): string {
  const serial = excelDateSerial(date, options.timeZone);
  return day
    ? `<c r="${ref}" s="${STYLE.date}"><v>${Math.floor(serial)}</v></c>`
    : `<c r="${ref}" s="${STYLE.dateTime}"><v>${serial}</v></c>`;
}

/**
 * One cell: numbers stay numbers ('# ##0,00 €' in an amount column), dates are date serials
 * with the JJ/MM/AAAA HH:MM format, JJ/MM/AAAA in a day column (R-EXP-01, R-EXP-12).
 */
export function xlsxCell(
  ref: string,
  cell: ExportCell,
  options: ExportFormatOptions = {},
  kind: XlsxColumnKind = undefined,
): string {
  if (cell === null || cell === '') return '';
  if (options.stringifyLongNum && isLongNumber(cell)) return inlineString(ref, cellText(cell), STYLE.text);
  if (typeof cell === 'number')
    return `<c r="${ref}"${kind === 'amount' ? ` s="${STYLE.amount}"` : ''}><v>${cell}</v></c>`;
  if (typeof cell === 'boolean') return `<c r="${ref}" t="b"><v>${cell ? 1 : 0}</v></c>`;
  if (cell instanceof Date) return dateCell(ref, cell, options, kind === 'day');
  return inlineString(ref, neutraliseFormula(cell));
}

/** Column widths from the labels and the first rows (Excel has no auto-fit on open). */
function columnWidths(table: ExportTable): number[] {
  return table.columns.map((label, column) => {
    let longest = label.length;
    for (const row of table.rows.slice(0, 200)) longest = Math.max(longest, cellText(row[column] ?? null).length);
    return Math.min(Math.max(longest + 2, 10), 60);
  });
}

function columnsXml(table: ExportTable): string {
  const widths = columnWidths(table);
  if (widths.length === 0) return ''; // an empty <cols> is invalid
  const columns = widths.map(
    (width, index) => `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`,
  );
  return `<cols>${columns.join('')}</cols>`;
}

/** The worksheet XML in chunks; header/footer lines are rows merged across the columns. */
export function* sheetXmlChunks(
  table: ExportTable,
  options: ExportFormatOptions = {},
  chunkRows = DEFAULT_CHUNK_ROWS,
): Generator<ExportChunk> {
  const header = extraLines(options.header);
  const footer = extraLines(options.footer);
  const width = Math.max(table.columns.length, 1);
  const lastColumn = columnLetters(width - 1);
  const labelsRow = header.length + 1;
  const lastRow = labelsRow + table.rows.length + footer.length;
  const merged: string[] = [];
  const lineRow = (row: number, line: string, style?: number) => {
    if (width > 1) merged.push(`<mergeCell ref="A${row}:${lastColumn}${row}"/>`);
    return `<row r="${row}">${inlineString(`A${row}`, neutraliseFormula(line), style)}</row>`;
  };

  let text =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    `<dimension ref="A1:${lastColumn}${lastRow}"/>` +
    // The column labels stay visible while scrolling.
    `<sheetViews><sheetView workbookViewId="0"><pane ySplit="${labelsRow}" topLeftCell="A${labelsRow + 1}" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    columnsXml(table) +
    '<sheetData>';
  header.forEach((line, index) => (text += lineRow(index + 1, line, STYLE.bold)));
  text += `<row r="${labelsRow}">`;
  table.columns.forEach((label, column) => {
    text += inlineString(`${columnLetters(column)}${labelsRow}`, neutraliseFormula(label), STYLE.bold);
  });
  text += '</row>';

  const letters = table.columns.map((_label, column) => columnLetters(column));
  const amounts = amountColumnFlags(table.columns, options.amountColumns);
  const days = amountColumnFlags(table.columns, options.dayColumns);
  const kinds: XlsxColumnKind[] = letters.map((_letter, column) =>
    amounts[column] ? 'amount' : days[column] ? 'day' : undefined,
  );
  for (let start = 0; start < table.rows.length; start += chunkRows) {
    const end = Math.min(start + chunkRows, table.rows.length);
    for (let index = start; index < end; index += 1) {
      const rowNumber = labelsRow + 1 + index;
      const cells = table.rows[index] as ExportCell[];
      text += `<row r="${rowNumber}">`;
      for (let column = 0; column < letters.length; column += 1) {
        text += xlsxCell(`${letters[column]}${rowNumber}`, cells[column] ?? null, options, kinds[column]);
      }
      text += '</row>';
    }
    yield { text, rowsDone: end };
    text = '';
  }
  footer.forEach((line, index) => (text += lineRow(labelsRow + table.rows.length + 1 + index, line)));
  text += '</sheetData>';
  if (merged.length > 0) text += `<mergeCells count="${merged.length}">${merged.join('')}</mergeCells>`;
  yield { text: text + '</worksheet>', rowsDone: table.rows.length };
}
