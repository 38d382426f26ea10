import { amountColumnFlags, cellText, excelDateSerial, isLongNumber, neutraliseFormula } from './cells';
import { DEFAULT_CHUNK_ROWS, joinChunks, type ExportChunk } from './chunks';
import { resolveTable } from './columns';
import { extraLines, safeWorksheetName } from './file-naming';
import type { ExportCell, ExportFormatOptions, ExportOptions, ExportRow, ExportTable } from './types';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] as string);
}

// Line breaks stay inside the cell in Excel thanks to the br style of the head.
const withLineBreaks = (html: string) => html.replace(/\r\n|\r|\n/g, '<br/>');
const textHtml = (text: string) => withLineBreaks(escapeHtml(neutraliseFormula(text)));

/**
 * One body cell. Numbers carry Excel's x:num (locale-proof) and show a French decimal comma,
 * which LibreOffice reads in French; dates carry their serial and the JJ/MM/AAAA HH:MM
 * format; text carries the text format '@' so digits stay text ('086002' keeps its zero),
 * like long numbers under stringifyLongNum. `amount` shows two decimals.
 */
export function htmlCell(cell: ExportCell, options: ExportFormatOptions = {}, amount = false): string {
  if (cell === null) return '<td></td>';
  if (options.stringifyLongNum && isLongNumber(cell)) {
    return `<td class="text">${escapeHtml(cellText(cell, options.timeZone))}</td>`;
  }
  if (typeof cell === 'number') {
    const text = cellText(cell, options.timeZone, ',', amount);
    return `<td${amount ? ' class="amount"' : ''} x:num="${cell}">${text}</td>`;
  }
  if (cell instanceof Date) {
    const text = cellText(cell, options.timeZone);
    return `<td class="datetime" x:num="${excelDateSerial(cell, options.timeZone)}">${text}</td>`;
  }
  if (typeof cell === 'string') return `<td class="text">${textHtml(cell)}</td>`;
  return `<td>${String(cell)}</td>`;
}

/** The Microsoft Office HTML document of the original (R-EXP-01), worksheet named. */
function documentStart(worksheet: string | undefined): string {
  const name = escapeHtml(safeWorksheetName(worksheet));
  return (
    '<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:x="urn:schemas-microsoft-com:office:excel" xmlns="http://www.w3.org/TR/REC-html40">' +
    '<head><meta name="ProgId" content="Excel.Sheet"><meta name="Generator" content="Microsoft Excel 11">' +
    '<meta http-equiv="Content-Type" content="text/html; charset=UTF-8">' +
    `<!--[if gte mso 9]><xml><x:ExcelWorkbook><x:ExcelWorksheets><x:ExcelWorksheet><x:Name>${name}</x:Name>` +
    '<x:WorksheetOptions><x:DisplayGridlines/></x:WorksheetOptions></x:ExcelWorksheet></x:ExcelWorksheets></x:ExcelWorkbook></xml><![endif]-->' +
    `<title>${name}</title>` +
    '<style>br{mso-data-placement:same-cell;} .text{mso-number-format:"\\@";} ' +
    '.datetime{mso-number-format:"dd\\/mm\\/yyyy\\ hh\\:mm";} .amount{mso-number-format:Standard;}</style>' +
    '</head><body><table>'
  );
}

/** The xls / html document in chunks of `chunkRows` rows. */
export function* htmlTableChunks(
  table: ExportTable,
  options: ExportFormatOptions = {},
  chunkRows = DEFAULT_CHUNK_ROWS,
): Generator<ExportChunk> {
  const colspan = Math.max(table.columns.length, 1);
  const amounts = amountColumnFlags(table.columns, options.amountColumns);
  let text = documentStart(options.worksheet) + '<thead>';
  for (const line of extraLines(options.header)) text += `<tr><th colspan="${colspan}">${textHtml(line)}</th></tr>`;
  text += `<tr>${table.columns.map((label) => `<th>${textHtml(label)}</th>`).join('')}</tr></thead><tbody>`;
  for (let start = 0; start < table.rows.length; start += chunkRows) {
    const end = Math.min(start + chunkRows, table.rows.length);
    for (let index = start; index < end; index += 1) {
      const cells = table.rows[index] as ExportCell[];
      text += `<tr>${cells.map((cell, column) => htmlCell(cell, options, amounts[column])).join('')}</tr>`;
    }
    yield { text, rowsDone: end };
    text = '';
  }
  text += '</tbody>';
  const footer = extraLines(options.footer);
  if (footer.length > 0) {
    text += `<tfoot>${footer.map((line) => `<tr><td colspan="${colspan}">${textHtml(line)}</td></tr>`).join('')}</tfoot>`;
  }
  yield { text: text + '</table></body></html>', rowsDone: table.rows.length };
}

/** Rows -> the whole xls/html document (resolves `fields` and `defaultValue` first). */
export function toHtmlTable(rows: readonly ExportRow[], options: ExportOptions = {}): string {
  return joinChunks(htmlTableChunks(resolveTable(rows, options), options));
}
