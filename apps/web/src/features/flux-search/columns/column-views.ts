import type { ExportFields } from '@gdf/file-formats';
import type { FluxColumn, FluxViewer } from './flux-column-types';
import { headOfficeOnly, type Selection } from './selection';

/**
 * What each place shows of the column definition (flux-columns.ts), for one viewer. Every view
 * takes the columns `visibleFluxColumns` leaves, so a head office column reaches no one else.
 */

/**
 * The columns `viewer` may see: a column marked 'head-office', or reading a field only the head
 * office reads, is the head office's alone (R-SCOPE-07), even when its mark was forgotten.
 */
export function visibleFluxColumns<R>(
  viewer: FluxViewer,
  columns: readonly FluxColumn<R>[],
  fields: Selection,
): FluxColumn<R>[] {
  if (viewer.headOffice) return [...columns];
  return columns.filter(
    (column) => column.audience !== 'head-office' && !column.fields.some((name) => headOfficeOnly(fields, name)),
  );
}

/** The table's columns, in order; the bank's reason only in a search of rejected flux (R-SEARCH-22). */
export function tableColumns<R>(columns: readonly FluxColumn<R>[], withReason: boolean): FluxColumn<R>[] {
  return columns.filter((column) => withReason || !column.rejectedOnly);
}

const byOrder = <T extends { order: number }>(a: T, b: T) => a.order - b.order;

/** The export's columns (R-SEARCH-17), by `export.order`: header -> field. */
export function exportFields<R>(columns: readonly FluxColumn<R>[]): ExportFields {
  const exported = columns.flatMap((column) => (column.export ? [{ ...column.export, label: column.label }] : []));
  return Object.fromEntries(exported.sort(byOrder).map((entry) => [entry.header ?? entry.label, entry.value]));
}

/** The export's headers holding euros (R-EXP-12). */
export function exportAmountColumns<R>(columns: readonly FluxColumn<R>[]): string[] {
  return columns.flatMap((column) => (column.export?.amount ? [column.export.header ?? column.label] : []));
}

export interface CardLayout<R> {
  title: FluxColumn<R> | undefined;
  /** Labelled lines, by `card.order`. */
  lines: FluxColumn<R>[];
  buttons: FluxColumn<R>[];
}

/** Where each column shows on a phone's card (R-SEARCH-19). */
export function cardLayout<R>(columns: readonly FluxColumn<R>[]): CardLayout<R> {
  const slot = (name: string) => columns.filter((column) => column.card?.slot === name);
  const order = (column: FluxColumn<R>) => (column.card?.slot === 'field' ? column.card.order : 0);
  return {
    title: slot('title')[0],
    lines: slot('field').sort((a, b) => order(a) - order(b)),
    buttons: slot('button'),
  };
}
