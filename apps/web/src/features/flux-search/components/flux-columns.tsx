import { createColumnHelper, tableFeatures } from '@tanstack/react-table';
import type { FluxRow } from '../api/flux-row';
import type { FluxColumn, FluxRenderer, FluxRowActions } from '../columns/flux-column-types';
import { tableColumns } from '../columns/column-views';
import { FLUX_RENDERERS } from '../columns/flux-renderers';

export const fluxTableFeatures = tableFeatures({});
const helper = createColumnHelper<typeof fluxTableFeatures, FluxRow>();

export type { FluxRowActions };

/** Below this width the table scrolls sideways in its container, never the page. */
export const TABLE_MIN_WIDTH = 1180;

/**
 * R-SEARCH-08: the results table's columns, in their order, from the column definition
 * (columns/flux-columns.ts); with `withReason` (a search of rejected flux, R-SEARCH-22), the
 * bank's reason after the label.
 */
export function fluxColumns(
  columns: readonly FluxColumn<FluxRow>[],
  actions: FluxRowActions<FluxRow>,
  withReason = false,
  renderers: Readonly<Record<string, FluxRenderer<FluxRow>>> = FLUX_RENDERERS,
) {
  return helper.columns(
    tableColumns(columns, withReason).map((column) =>
      helper.display({
        id: column.id,
        header: column.label,
        cell: ({ row }) => renderers[column.id]?.cell?.(row.original, actions) ?? column.text?.(row.original) ?? '',
      }),
    ),
  );
}
