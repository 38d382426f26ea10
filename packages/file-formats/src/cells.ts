import { stripHiddenCharacters } from './text-guard';
import type { ExportCell } from './types';
import { DEFAULT_EXPORT_TIME_ZONE, toWallClock } from './wall-clock';

/** R-EXP-04: null, undefined, '' and NaN are empty; 0 and false are values. */
export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (typeof value === 'number' && Number.isNaN(value));
}

/**
 * Turns any resolved value into a plain cell: empty values become `defaultValue`,
 * invalid dates too; objects become text so every cell can cross into a worker.
 */
export function toExportCell(value: unknown, defaultValue: ExportCell = ''): ExportCell {
  if (isEmptyValue(value)) return defaultValue;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      // Infinity has no spreadsheet number: keep it readable as text.
      return Number.isFinite(value) ? value : String(value);
    case 'bigint':
      return value.toString();
    case 'object':
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? defaultValue : value;
      if (Array.isArray(value)) return value.map((item) => String(toExportCell(item, ''))).join(', ');
      return JSON.stringify(value);
    default:
      return String(value);
  }
}

const LONG_NUMBER_MAX = 99999999999;
const LONG_NUMBER_MIN = 1e-13;
const DECIMAL_TEXT = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$/i;

/**
 * R-EXP-08 (stringifyLongNum): magnitude above 99999999999, or
 * non-zero and below 1e-13. Numeric text counts too (a long licence or account number held
 * as a string would otherwise be parsed by the spreadsheet and lose digits).
 */
export function isLongNumber(cell: ExportCell): boolean {
  let number: number;
  if (typeof cell === 'number') number = cell;
  else if (typeof cell === 'string' && DECIMAL_TEXT.test(cell)) number = Number(cell);
  else return false;
  const magnitude = Math.abs(number);
  return magnitude > LONG_NUMBER_MAX || (magnitude !== 0 && magnitude < LONG_NUMBER_MIN);
}

// OWASP "CSV injection": these first characters make spreadsheets read a formula.
const FORMULA_START = /^[=+\-@\t\r]/;
// ...but a lone '-' (the "no amount" mark) or a plain signed number cannot run anything.
const HARMLESS = /^(?:-|[-+]?\d+(?:[.,]\d+)?)$/;

/**
 * The guard of a text cell a spreadsheet may read (CSV, xlsx, xls/html, sommaire.csv, SAGE
 * CSV, FEC): bidi controls and zero-width characters removed first (R-SEC-17: a zero-width
 * space must not hide the '=' behind it), then, R-SEC-16, text starting with = + - @ tab or
 * CR gets a leading apostrophe, except a lone '-' and plain signed numbers ('-12.50'), which
 * are literals, not formulas.
 */
export function neutraliseFormula(text: string): string {
  const visible = stripHiddenCharacters(text);
  return FORMULA_START.test(visible) && !HARMLESS.test(visible) ? `'${visible}` : visible;
}

// '00' to '99', looked up rather than padded: dates are formatted 100,000 times per export.
const TWO_DIGITS = Array.from({ length: 100 }, (_, value) => String(value).padStart(2, '0'));
const pad = (value: number) => TWO_DIGITS[value] as string;

/**
 * French display in `timeZone`, the same for every date of every export so a column reads
 * one way (R-EXP-12): JJ/MM/AAAA HH:MM, midnight included, seconds dropped.
 */
export function formatExportDate(date: Date, timeZone = DEFAULT_EXPORT_TIME_ZONE): string {
  const wall = toWallClock(date, timeZone);
  const day = `${pad(wall.getUTCDate())}/${pad(wall.getUTCMonth() + 1)}/${String(wall.getUTCFullYear()).padStart(4, '0')}`;
  return `${day} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

const MS_PER_DAY = 86_400_000;
const EXCEL_EPOCH_OFFSET = 25_569; // days from 1899-12-30 (Excel day 0) to 1970-01-01

/** Excel serial day number of the date's wall-clock time in `timeZone` (what the screen shows). */
export function excelDateSerial(date: Date, timeZone = DEFAULT_EXPORT_TIME_ZONE): number {
  return toWallClock(date, timeZone).getTime() / MS_PER_DAY + EXCEL_EPOCH_OFFSET;
}

/** A number as text with `decimalSeparator` ('.' as JavaScript writes it, or the French ','). */
export function numberText(value: number, decimalSeparator: '.' | ',' = '.', amount = false): string {
  const text = amount ? value.toFixed(2) : String(value);
  return decimalSeparator === ',' ? text.replace('.', ',') : text;
}

/** Plain text of a cell, shared by CSV and HTML (numbers with `decimalSeparator`, default '.'). */
export function cellText(
  cell: ExportCell,
  timeZone = DEFAULT_EXPORT_TIME_ZONE,
  decimalSeparator: '.' | ',' = '.',
  amount = false,
): string {
  if (cell === null) return '';
  if (cell instanceof Date) return formatExportDate(cell, timeZone);
  if (typeof cell === 'number') return numberText(cell, decimalSeparator, amount);
  return stripHiddenCharacters(String(cell));
}

// Text a spreadsheet would turn into a number or a date on opening: '086002', '12,5', '01/02'.
const READ_AS_NUMBER = /^[\s+-]*[\d\s.,:/%€$]*\d[\d\s.,:/%€$eE+-]*$/;

/** True when a spreadsheet would read this text as a number or a date (and drop leading zeros). */
export function looksLikeNumber(text: string): boolean {
  return READ_AS_NUMBER.test(text);
}

/** The indexes of `columns` listed in `amountColumns` (or `dayColumns`), as a lookup by column index. */
export function amountColumnFlags(columns: readonly string[], amountColumns?: readonly string[]): boolean[] {
  const amounts = new Set(amountColumns ?? []);
  return columns.map((label) => amounts.has(label));
}
