import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useTable, type Row } from '@tanstack/react-table';
import { useMemo, useRef, useState } from 'react';
import type { FluxRow } from '../api/flux-row';
import type { FluxSearchState } from '../utils/search-url';
import {
  COLUMN_LAYOUT,
  fluxColumns,
  fluxTableFeatures,
  SORTABLE,
  TABLE_MIN_WIDTH,
  type FluxRowActions,
} from './flux-columns';
import { useDelegatedTooltip } from './DelegatedTooltip';
import { VirtualRows } from './VirtualRows';
import { fluxSearchMessages as m } from '../messages';

interface FluxResultsTableProps {
  rows: readonly FluxRow[];
  sort: FluxSearchState['sort'];
  onSortChange: (sort: FluxSearchState['sort']) => void;
  actions: FluxRowActions;
  /** 'Tous': only the rows in view are in the DOM (TanStack Virtual). */
  virtual: boolean;
  /** A search of rejected flux: the bank's reason has its column (R-SEARCH-22). */
  withReason?: boolean;
}

/**
 * The container scrolls both ways under a sticky header; its height leaves the app bar and
 * the pagination on screen, so its horizontal scrollbar (below 1280 px) is always within
 * reach rather than under every row.
 */
const CONTAINER_SX = { maxHeight: 'max(320px, calc(100dvh - 180px))', overflow: 'auto' } as const;
/** 8 px each side instead of 16: the ten columns fit from 1280 px wide. */
const CELL_SX = { px: 1, whiteSpace: 'nowrap' } as const;
const AMOUNT_SX = { ...CELL_SX, fontVariantNumeric: 'tabular-nums' } as const;

export function FluxResultsTable({
  rows,
  sort,
  onSortChange,
  actions,
  virtual,
  withReason = false,
}: FluxResultsTableProps) {
  // The handlers may change identity on each render; the columns must not (stable inputs).
  const latest = useRef(actions);
  latest.current = actions;
  const columns = useMemo(
    () =>
      fluxColumns(
        {
          open: (row) => latest.current.open(row),
          downloadJustificatif: (row) => latest.current.downloadJustificatif(row),
        },
        withReason,
      ),
    [withReason],
  );
  // 'Tous': the table only draws the header; VirtualRows makes rows of the visible slice.
  const data = useMemo(() => (virtual ? [] : [...rows]), [rows, virtual]);
  const table = useTable({ features: fluxTableFeatures, columns, data, getRowId: (row) => String(row.id) });
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  // Cut texts and icon actions show their full text / name in this one tooltip.
  const { handlers: tooltipHandlers, tooltip } = useDelegatedTooltip();

  const renderRow = (row: Row<typeof fluxTableFeatures, FluxRow>) => (
    <TableRow key={row.id} hover data-index={row.index}>
      {row.getAllCells().map((cell) => (
        <TableCell
          key={cell.id}
          align={COLUMN_LAYOUT[cell.column.id]?.align ?? 'left'}
          sx={COLUMN_LAYOUT[cell.column.id]?.align === 'right' ? AMOUNT_SX : CELL_SX}
        >
          <table.FlexRender cell={cell} />
        </TableCell>
      ))}
    </TableRow>
  );
  const tableRows = table.getRowModel().rows;

  return (
    <TableContainer ref={setScrollElement} sx={CONTAINER_SX} {...tooltipHandlers}>
      {tooltip}
      <Table
        size="small"
        stickyHeader
        aria-label={m.resultsLabel}
        sx={{ tableLayout: 'fixed', minWidth: TABLE_MIN_WIDTH }}
      >
        <TableHead>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id}>
              {group.headers.map((header) => {
                const sortColumn = SORTABLE[header.column.id];
                const active = sortColumn !== undefined && sortColumn === sort.column;
                const layout = COLUMN_LAYOUT[header.column.id];
                return (
                  <TableCell
                    key={header.id}
                    sortDirection={active ? sort.direction : false}
                    align={layout?.align ?? 'left'}
                    sx={{ ...CELL_SX, fontWeight: 600, width: layout?.width }}
                  >
                    {sortColumn ? (
                      <TableSortLabel
                        active={active}
                        direction={active ? sort.direction : 'asc'}
                        onClick={() =>
                          onSortChange({
                            column: sortColumn,
                            direction: active && sort.direction === 'asc' ? 'desc' : 'asc',
                          })
                        }
                      >
                        <table.FlexRender header={header} />
                      </TableSortLabel>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableHead>
        <TableBody>
          {virtual ? (
            <VirtualRows rows={rows} columns={columns} scrollElement={scrollElement} renderRow={renderRow} />
          ) : (
            tableRows.map(renderRow)
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
