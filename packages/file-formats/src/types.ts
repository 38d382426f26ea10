/**
 * Types of the generic export (R-EXP-01 to R-EXP-13).
 * The option names and defaults are those of the original component (vue-json-excel).
 */

/** 'xls' (default) = HTML table for Excel, 'html' = same document as text/html, 'csv', 'xlsx'. */
export type ExportType = 'xls' | 'csv' | 'html' | 'xlsx';

/** A plain cell value after resolution: what crosses into a Web Worker (structured-clonable). */
export type ExportCell = string | number | boolean | Date | null;

/** Rows are plain objects (API records); nested values are reached with dotted paths. */
export type ExportRow = object;

/**
 * One column of `fields`: a dotted path ('STR_Structure.NomStructure'), or a callback that
 * receives the value at `field` (with the default value already substituted), or the whole
 * row when there is no `field`. The callback's parameter is untyped like the original's
 * (TypeScript cannot tell the two callback forms apart): annotate it, `(flux: Flux) => ...`.
 */
export type ExportField =
  | string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a path value or a row, see above
  | { field?: string; callback?: (value: any) => unknown };

/** Column label -> field, in column order (`{ 'N° de flux': 'id' }`). */
export type ExportFields = Record<string, ExportField>;

/** Header or footer: one line per string; empty strings are skipped like the original. */
export type ExportExtraLines = string | readonly string[] | null | undefined;

/** Options that shape the file once the cells are resolved. */
export interface ExportFormatOptions {
  /** Lines above the column labels. */
  header?: ExportExtraLines;
  /** Lines below the data. */
  footer?: ExportExtraLines;
  /** Default 'Sheet1' (xls and xlsx). */
  worksheet?: string;
  /** Default true: every CSV cell is written `="value"` so spreadsheets keep it as text. */
  escapeCsv?: boolean;
  /** Default false: numbers above 99999999999 or non-zero below 1e-13 in magnitude become text. */
  stringifyLongNum?: boolean;
  /** Zone dates are written in; default Europe/Paris (R-EXP-13). */
  timeZone?: string;
  /** CSV field separator; default ',' (French Excel reads ';', see `FRENCH_EXCEL_CSV`). */
  delimiter?: string;
  /** Decimal separator of numbers written as text in CSV; default '.' (French Excel reads ','). */
  decimalSeparator?: '.' | ',';
  /**
   * Labels of the columns holding amounts in euros: '# ##0,00 €' in xlsx, two decimals in
   * xls/html and CSV. Other numbers keep a general format.
   */
  amountColumns?: readonly string[];
  /**
   * Labels of the columns holding days (no time of day): in xlsx their dates are date cells
   * with the JJ/MM/AAAA format ('dd/mm/yyyy'), the day taken in `timeZone`. Other types write
   * every date JJ/MM/AAAA HH:MM (R-EXP-12).
   */
  dayColumns?: readonly string[];
}

/** Every option of the original component, as the ExportButton and `generateExportFile` take them. */
export interface ExportOptions extends ExportFormatOptions {
  /** Default 'xls'. */
  type?: ExportType;
  /** Without fields, the columns are the keys of the first row. */
  fields?: ExportFields | null;
  /** Replaces null, undefined, '' and NaN (0 and false are kept). Default ''. */
  defaultValue?: ExportCell;
  /** Default 'data.xls'; the last extension is swapped for the type's. */
  name?: string;
}

/** Rows resolved into plain values: the unit every serialiser works on. */
export interface ExportTable {
  columns: string[];
  rows: ExportCell[][];
}
