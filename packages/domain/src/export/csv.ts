import { cellText, isLongNumber, neutraliseFormula } from './cells';
import { DEFAULT_CHUNK_ROWS, joinChunks, type ExportChunk } from './chunks';
import { resolveTable } from './columns';
import { extraLines } from './file-naming';
import type { ExportCell, ExportFormatOptions, ExportOptions, ExportRow, ExportTable } from './types';

const BOM = '\uFEFF'; // so Excel reads UTF-8 and shows accents (DESIGN.md 6b)
const EOL = '\r\n'; // RFC 4180 line end
const NEEDS_QUOTES = /[",\r\n]/;

/** RFC 4180: a field holding a comma, a quote or a line break is quoted, quotes doubled. */
export function quoteCsvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * `="value"` (inner quotes doubled) keeps a value as text in spreadsheets; it holds quotes,
 * so it is then RFC-quoted: `"=""value"""`. Written in one step: this runs for every cell.
 */
function asTextFormula(text: string): string {
  return `"=""${text.includes('"') ? text.replace(/"/g, '""""') : text}"""`;
}

/**
 * The CSV cell writer for `options` (SPEC.md section 5, DESIGN.md 6b), decided once per file:
 * - escapeCsv: every cell `="value"`, then RFC-quoted since it holds quotes; the formula
 *   is a string literal, so it is its own protection against formula injection;
 * - stringifyLongNum: long numbers are written `="value"` too;
 * - otherwise text starting with = + - @ tab/CR gets an apostrophe; numbers stay numbers.
 */
export function csvCellWriter(options: ExportFormatOptions = {}): (cell: ExportCell) => string {
  const { timeZone, stringifyLongNum } = options;
  if (options.escapeCsv ?? true) return (cell) => asTextFormula(cellText(cell, timeZone));
  return (cell) => {
    const text = cellText(cell, timeZone);
    if (stringifyLongNum && isLongNumber(cell)) return asTextFormula(text);
    return quoteCsvField(typeof cell === 'string' ? neutraliseFormula(text) : text);
  };
}

/** One CSV cell (see `csvCellWriter`). */
export function csvCell(cell: ExportCell, options: ExportFormatOptions = {}): string {
  return csvCellWriter(options)(cell);
}

const textLine = (text: string) => quoteCsvField(neutraliseFormula(text)) + EOL;

/** CSV in chunks of `chunkRows` rows: BOM, header lines, labels, rows, footer lines; CRLF. */
export function* csvChunks(
  table: ExportTable,
  options: ExportFormatOptions = {},
  chunkRows = DEFAULT_CHUNK_ROWS,
): Generator<ExportChunk> {
  let text = BOM + extraLines(options.header).map(textLine).join('');
  text += table.columns.map((label) => quoteCsvField(neutraliseFormula(label))).join(',') + EOL;
  const writeCell = csvCellWriter(options);
  for (let start = 0; start < table.rows.length; start += chunkRows) {
    const end = Math.min(start + chunkRows, table.rows.length);
    for (let index = start; index < end; index += 1) {
      const cells = table.rows[index] as ExportCell[];
      let line = cells.length > 0 ? writeCell(cells[0] as ExportCell) : '';
      for (let column = 1; column < cells.length; column += 1) line += ',' + writeCell(cells[column] as ExportCell);
      text += line + EOL;
    }
    yield { text, rowsDone: end };
    text = '';
  }
  yield { text: text + extraLines(options.footer).map(textLine).join(''), rowsDone: table.rows.length };
}

/** Rows -> the whole CSV text (resolves `fields` and `defaultValue` first). */
export function toCsv(rows: readonly ExportRow[], options: ExportOptions = {}): string {
  return joinChunks(csvChunks(resolveTable(rows, options), options));
}
