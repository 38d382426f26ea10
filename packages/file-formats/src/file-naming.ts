import type { ExportExtraLines, ExportType } from './types';

/** R-EXP-01, R-EXP-02: xls is the default type, data.xls the default name, Sheet1 the worksheet. */
export const EXPORT_TYPES: readonly ExportType[] = ['xls', 'csv', 'html', 'xlsx'];
export const DEFAULT_EXPORT_TYPE: ExportType = 'xls';
export const DEFAULT_EXPORT_NAME = 'data.xls';
export const DEFAULT_WORKSHEET = 'Sheet1';

const MIME_TYPES: Record<ExportType, string> = {
  xls: 'application/vnd.ms-excel',
  csv: 'text/csv;charset=utf-8',
  html: 'text/html',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The MIME type the download is served with (R-EXP-01). */
export function exportMimeType(type: ExportType): string {
  return MIME_TYPES[type];
}

// An extension is a short alphanumeric suffix: 'flux 01.03.2024' has none, so '.csv' is appended.
const LAST_EXTENSION = /\.[a-z][a-z0-9]{0,4}$/i;

/**
 * The download name: the name's last extension is swapped for the type's
 * ('data.xls' -> 'data.csv', 'flux.2024.xls' -> 'flux.2024.csv'), or added when missing.
 */
export function exportFileName(name: string | null | undefined, type: ExportType): string {
  const base = (name ?? '').trim() || DEFAULT_EXPORT_NAME;
  return `${base.replace(LAST_EXTENSION, '')}.${type}`;
}

/**
 * A worksheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ],
 * not starting or ending with an apostrophe, never empty (falls back to Sheet1).
 */
export function safeWorksheetName(worksheet: string | null | undefined): string {
  const cleaned = (worksheet ?? '')
    .replace(/[:\\/?*[\]\p{Cc}]/gu, ' ')
    .trim()
    .slice(0, 31)
    .replace(/^'+|'+$/g, '')
    .trim();
  return cleaned || DEFAULT_WORKSHEET;
}

/** Header or footer as lines: a string is one line; empty entries are skipped like the original. */
export function extraLines(lines: ExportExtraLines): string[] {
  if (lines == null) return [];
  const list = typeof lines === 'string' ? [lines] : [...lines];
  return list.filter((line) => line != null && line !== '').map(String);
}
