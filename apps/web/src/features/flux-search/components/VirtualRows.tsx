import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTable, type Row } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, type ReactNode } from 'react';
import type { FluxRow } from '../api/flux-row';
import { fluxTableFeatures, type fluxColumns } from './flux-columns';

/** Row height of a small MUI table row with an icon button; rows are not measured (speed). */
const ROW_HEIGHT = 41;

interface VirtualRowsProps {
  rows: readonly FluxRow[];
  columns: ReturnType<typeof fluxColumns>;
  /**
   * The scrolling container, as state rather than a ref: a parent's ref is attached after
   * its children's effects, so the virtualizer would otherwise start without an element.
   */
  scrollElement: HTMLDivElement | null;
  renderRow: (row: Row<typeof fluxTableFeatures, FluxRow>) => ReactNode;
}

/**
 * Only the rows in view (plus a margin) are rendered, between two spacer rows, and only
 * they become table rows: 50,000 rows cost about as much as 50 (R-PERF-06:
 * 'Tous' renders in <= 300 ms).
 */
export function VirtualRows({ rows, columns, scrollElement, renderRow }: VirtualRowsProps) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => ROW_HEIGHT,
    overscan: 15,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? -1;
  const visible = useMemo(() => rows.slice(first, last + 1), [rows, first, last]);
  const table = useTable({ features: fluxTableFeatures, columns, data: visible, getRowId: (row) => String(row.id) });
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <>
      {top > 0 && (
        <TableRow aria-hidden style={{ height: top }}>
          <TableCell colSpan={columns.length} sx={{ p: 0, border: 0 }} />
        </TableRow>
      )}
      {table.getRowModel().rows.map(renderRow)}
      {bottom > 0 && (
        <TableRow aria-hidden style={{ height: bottom }}>
          <TableCell colSpan={columns.length} sx={{ p: 0, border: 0 }} />
        </TableRow>
      )}
    </>
  );
}
