import { amountColumnFlags, cellText, isLongNumber, looksLikeNumber, neutraliseFormula } from './cells';
import { DEFAULT_CHUNK_ROWS, joinChunks, type ExportChunk } from './chunks';
import { resolveTable } from './columns';
import { extraLines } from './file-naming';
import { stripHiddenCharacters } from './text-guard';
import type { ExportCell, ExportFormatOptions, ExportOptions, ExportRow, ExportTable } from './types';

const BOM = '\uFEFF'; // so Excel reads UTF-8 and shows accents (R-EXP-07)
const EOL = '\r\n'; // RFC 4180 line end
const DEFAULT_DELIMITER = ',';

/**
 * What the flux page writes for French Excel (R-EXP-12, R-SEARCH-17): ';' between fields, numbers with a
 * decimal comma, not wrapped as text, so amounts can be summed; text a spreadsheet would
 * read as a number (a licence '086002') is still written `="086002"` and stays text.
 */
export const FRENCH_EXCEL_CSV = { delimiter: ';', decimalSeparator: ',', escapeCsv: false } as const;

const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const quotingPatterns = new Map<string, RegExp>();

function needsQuotes(delimiter: string): RegExp {
  let pattern = quotingPatterns.get(delimiter);
  if (!pattern) {
    pattern = new RegExp(`["\r\n]|${escapeForRegExp(delimiter)}`);
    quotingPatterns.set(delimiter, pattern);
  }
  return pattern;
}

/** RFC 4180: a field holding the delimiter, a quote or a line break is quoted, quotes doubled. */
export function quoteCsvField(text: string, delimiter = DEFAULT_DELIMITER): string {
  return needsQuotes(delimiter).test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * `="value"` (inner quotes doubled) keeps a value as text in spreadsheets; it holds quotes,
 * so it is then RFC-quoted: `"=""value"""`. Written in one step: this runs for every cell.
 */
function asTextFormula(text: string): string {
  return `"=""${text.includes('"') ? text.replace(/"/g, '""""') : text}"""`;
}

/**
 * The CSV cell writer for `options` (R-EXP-06, R-EXP-08), decided once per file
 * (and per column: `amount` writes two decimals):
 * - escapeCsv: every cell `="value"`, then RFC-quoted since it holds quotes; the formula
 *   is a string literal, so it is its own protection against formula injection;
 * - stringifyLongNum: long numbers are written `="value"` too;
 * - otherwise numbers stay numbers (with `decimalSeparator`), dates are JJ/MM/AAAA HH:MM,
 *   text a spreadsheet would read as a number is written `="value"` (leading zeros stay),
 *   and other text starting with = + - @ tab/CR gets an apostrophe.
 */
export function csvCellWriter(options: ExportFormatOptions = {}, amount = false): (cell: ExportCell) => string {
  const { timeZone, stringifyLongNum, decimalSeparator } = options;
  const delimiter = options.delimiter ?? DEFAULT_DELIMITER;
  const text = (cell: ExportCell) => cellText(cell, timeZone, decimalSeparator, amount && typeof cell === 'number');
  if (options.escapeCsv ?? true) return (cell) => asTextFormula(text(cell));
  return (cell) => {
    if (stringifyLongNum && isLongNumber(cell)) return asTextFormula(text(cell));
    if (typeof cell !== 'string') return quoteCsvField(text(cell), delimiter);
    const visible = stripHiddenCharacters(cell);
    const safe = neutraliseFormula(visible);
    return safe === visible && looksLikeNumber(visible) ? asTextFormula(visible) : quoteCsvField(safe, delimiter);
  };
}

/** One CSV cell (see `csvCellWriter`). */
export function csvCell(cell: ExportCell, options: ExportFormatOptions = {}): string {
  return csvCellWriter(options)(cell);
}

/** CSV in chunks of `chunkRows` rows: BOM, header lines, labels, rows, footer lines; CRLF. */
export function* csvChunks(
  table: ExportTable,
  options: ExportFormatOptions = {},
  chunkRows = DEFAULT_CHUNK_ROWS,
): Generator<ExportChunk> {
  const delimiter = options.delimiter ?? DEFAULT_DELIMITER;
  const textLine = (line: string) => quoteCsvField(neutraliseFormula(line), delimiter) + EOL;
  let text = BOM + extraLines(options.header).map(textLine).join('');
  text += table.columns.map((label) => quoteCsvField(neutraliseFormula(label), delimiter)).join(delimiter) + EOL;
  const writers = amountColumnFlags(table.columns, options.amountColumns).map((amount) =>
    csvCellWriter(options, amount),
  );
  const fallback = csvCellWriter(options);
  for (let start = 0; start < table.rows.length; start += chunkRows) {
    const end = Math.min(start + chunkRows, table.rows.length);
    for (let index = start; index < end; index += 1) {
      const cells = table.rows[index] as ExportCell[];
      let line = '';
      for (let column = 0; column < cells.length; column += 1) {
        if (column > 0) line += delimiter;
        line += (writers[column] ?? fallback)(cells[column] as ExportCell);
      }
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
