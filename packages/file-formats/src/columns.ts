import { isEmptyValue, toExportCell } from './cells';
import type { ExportCell, ExportField, ExportFields, ExportRow, ExportTable } from './types';

/** A column ready to read plain cells out of rows. */
export interface ResolvedColumn {
  label: string;
  read: (row: ExportRow, defaultValue: ExportCell) => ExportCell;
}

/**
 * A reader of a dotted path ('STR_Structure.NomStructure'); a missing link gives undefined,
 * and a key that itself holds a dot ('a.b') wins. The path is split once, not per row.
 */
export function pathReader(path: string): (row: unknown) => unknown {
  const keys = path.split('.');
  return (row) => {
    if (row !== null && typeof row === 'object' && keys.length > 1 && path in row) {
      return (row as Record<string, unknown>)[path];
    }
    let value: unknown = row;
    for (const key of keys) {
      if (value === null || value === undefined) return undefined;
      value = (value as Record<string, unknown>)[key];
    }
    return value;
  };
}

/** Reads a dotted path once (see `pathReader`). */
export function getByPath(row: unknown, path: string): unknown {
  return pathReader(path)(row);
}

function fieldReader(field: ExportField): ResolvedColumn['read'] {
  const spec = typeof field === 'string' ? { field } : field;
  const read = spec.field ? pathReader(spec.field) : (row: unknown) => row;
  const { callback } = spec;
  if (!callback) return (row, fallback) => toExportCell(read(row), fallback);
  // Like the original, the callback gets the value at `field` with the default already
  // substituted, or the whole row when there is no `field`.
  if (!spec.field) return (row, fallback) => toExportCell(callback(row), fallback);
  return (row, fallback) => toExportCell(callback(withDefault(read(row), fallback)), fallback);
}

const withDefault = (value: unknown, fallback: ExportCell) => (isEmptyValue(value) ? fallback : value);

/**
 * The columns of an export (R-EXP-03): the `fields` mapping in its order, or,
 * without fields, the keys of the first row (read as plain keys, not as paths).
 */
export function resolveColumns(rows: readonly ExportRow[], fields?: ExportFields | null): ResolvedColumn[] {
  if (fields && Object.keys(fields).length > 0) {
    return Object.entries(fields).map(([label, field]) => ({ label, read: fieldReader(field) }));
  }
  const first = rows[0];
  if (!first) return [];
  return Object.keys(first).map((key) => ({
    label: key,
    read: (row, fallback) => toExportCell((row as Record<string, unknown>)[key], fallback),
  }));
}

/** Resolves rows [start, end) into plain cells: the chunkable step of `resolveTable`. */
export function resolveRows(
  rows: readonly ExportRow[],
  columns: readonly ResolvedColumn[],
  defaultValue: ExportCell = '',
  start = 0,
  end = rows.length,
): ExportCell[][] {
  const resolved: ExportCell[][] = [];
  for (let index = start; index < Math.min(end, rows.length); index += 1) {
    const row = rows[index] as ExportRow;
    resolved.push(columns.map((column) => column.read(row, defaultValue)));
  }
  return resolved;
}

/**
 * Like `resolveRows`, but column by column: `[column][row]`. A few long arrays cost 2 to 3
 * times less than many short ones to structured-clone, so this is what crosses to the worker.
 */
export function resolveColumnValues(
  rows: readonly ExportRow[],
  columns: readonly ResolvedColumn[],
  defaultValue: ExportCell = '',
  start = 0,
  end = rows.length,
): ExportCell[][] {
  const last = Math.min(end, rows.length);
  return columns.map((column) => {
    const values: ExportCell[] = [];
    for (let index = start; index < last; index += 1) values.push(column.read(rows[index] as ExportRow, defaultValue));
    return values;
  });
}

/** Appends column-major values (from `resolveColumnValues`) to `rows` as row arrays. */
export function appendColumnValues(rows: ExportCell[][], byColumn: readonly ExportCell[][]): void {
  const count = byColumn[0]?.length ?? 0;
  for (let index = 0; index < count; index += 1) rows.push(byColumn.map((values) => values[index] ?? null));
}

/** Rows and fields -> a table of plain values, in one go (use `resolveRows` to chunk). */
export function resolveTable(
  rows: readonly ExportRow[],
  options: { fields?: ExportFields | null; defaultValue?: ExportCell } = {},
): ExportTable {
  const columns = resolveColumns(rows, options.fields);
  return {
    columns: columns.map((column) => column.label),
    rows: resolveRows(rows, columns, options.defaultValue ?? ''),
  };
}
