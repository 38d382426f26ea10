import type { ExportField } from '@gdf/file-formats';
import type { ReactNode } from 'react';
import type { SortColumn } from '../utils/search-url';

/** What a row's actions do (the table's icons, the cards' buttons). */
export interface FluxRowActions<R> {
  open(row: R): void;
  downloadJustificatif(row: R): void;
}

/** Who sees the results: the head office sees its own columns (R-SCOPE-07). */
export interface FluxViewer {
  headOffice: boolean;
}

/**
 * Where a column shows on a phone's card (R-SEARCH-19); absent: not on the card. 'title' and
 * 'button' are drawn by the column's renderer (flux-renderers.tsx); a 'field' is a labelled
 * line, by `order`, shown when `when` holds.
 */
type CardPlacement<R> =
  { slot: 'title' } | { slot: 'field'; order: number; when?(row: R): boolean } | { slot: 'button' };

/** One column of the results, for every place it appears. */
export interface FluxColumn<R, F extends string = string> {
  id: string;
  /** The table's header, the card's label, the export's header unless `export.header`. */
  label: string;
  /** The GraphQL fields the column reads; one read by the head office only makes it theirs. */
  fields: readonly F[];
  /** 'head-office': never shown nor exported for anyone else (R-SCOPE-07). */
  audience?: 'head-office';
  /** Shown only in a search of rejected flux (R-SEARCH-22). */
  rejectedOnly?: boolean;
  /** Fixed width (px) or share of the table ('11%'); absent: shares what is left. */
  width?: number | string;
  align?: 'right' | 'center';
  /** The server sort it asks for (utils/order-by.ts); absent: not sortable. */
  sort?: SortColumn;
  /** The cell's plain text (table and card), unless a renderer draws it (flux-renderers.tsx). */
  text?(row: R): string;
  card?: CardPlacement<R>;
  /** Its export column, at `order`: a path of the row or a callback (R-EXP-03); `amount`: euros. */
  export?: { order: number; header?: string; value: ExportField; amount?: boolean };
}

/** How a column draws itself where plain text is not enough (links, badges, buttons). */
export interface FluxRenderer<R> {
  cell?(row: R, actions: FluxRowActions<R>): ReactNode;
  card?(row: R, actions: FluxRowActions<R>): ReactNode;
}
