import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useTable, type Row } from '@tanstack/react-table';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import type { FluxRow } from '../api/flux-row';
import { ANYONE_COLUMNS } from '../hooks/use-flux-columns';
import type { FluxColumn } from '../columns/flux-column-types';
import type { FluxSearchState } from '../utils/search-url';
import { fluxColumns, fluxTableFeatures, TABLE_MIN_WIDTH, type FluxRowActions } from './flux-columns';
import { useDelegatedTooltip } from './DelegatedTooltip';
import { VirtualRows } from './VirtualRows';
import { fluxSearchMessages as m } from '../messages';

interface FluxResultsTableProps {
  rows: readonly FluxRow[];
  /** The columns the viewer sees (useFluxColumns); by default anyone's but the head office's. */
  columns?: readonly FluxColumn<FluxRow>[];
  sort: FluxSearchState['sort'];
  onSortChange: (sort: FluxSearchState['sort']) => void;
  actions: FluxRowActions<FluxRow>;
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

export function FluxResultsTable(props: FluxResultsTableProps) {
  const {
    rows,
    columns: definition = ANYONE_COLUMNS,
    sort,
    onSortChange,
    actions,
    virtual,
    withReason = false,
  } = props;
  // The handlers may change identity on each render; the columns must not (stable inputs).
  const latest = useRef(actions);
  latest.current = actions;
  const columns = useMemo(
    () =>
      fluxColumns(
        definition,
        {
          open: (row) => latest.current.open(row),
          downloadJustificatif: (row) => latest.current.downloadJustificatif(row),
        },
        withReason,
      ),
    [definition, withReason],
  );
  const byId = useMemo(() => new Map(definition.map((column) => [column.id, column])), [definition]);
  // 'Tous': the table only draws the header; VirtualRows makes rows of the visible slice.
  const data = useMemo(() => (virtual ? [] : [...rows]), [rows, virtual]);
  const table = useTable({ features: fluxTableFeatures, columns, data, getRowId: (row) => String(row.id) });
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  // Cut texts and icon actions show their full text / name in this one tooltip.
  const { handlers: tooltipHandlers, tooltip } = useDelegatedTooltip();

  const renderRow = (row: Row<typeof fluxTableFeatures, FluxRow>) => (
    <TableRow key={row.id} hover data-index={row.index}>
      {row.getAllCells().map((cell) => {
        const align = byId.get(cell.column.id)?.align;
        return (
          <TableCell key={cell.id} align={align ?? 'left'} sx={align === 'right' ? AMOUNT_SX : CELL_SX}>
            <table.FlexRender cell={cell} />
          </TableCell>
        );
      })}
    </TableRow>
  );

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
                const column = byId.get(header.column.id);
                const active = column?.sort !== undefined && column.sort === sort.column;
                return (
                  <TableCell
                    key={header.id}
                    sortDirection={active ? sort.direction : false}
                    align={column?.align ?? 'left'}
                    sx={{ ...CELL_SX, fontWeight: 600, width: column?.width }}
                  >
                    <SortableHeader column={column} sort={sort} onSortChange={onSortChange}>
                      <table.FlexRender header={header} />
                    </SortableHeader>
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
            table.getRowModel().rows.map(renderRow)
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

interface SortableHeaderProps extends Pick<FluxResultsTableProps, 'sort' | 'onSortChange'> {
  column: FluxColumn<FluxRow> | undefined;
  children: ReactNode;
}

/** A header that sorts on the server when its column has a sort key (Débit and Crédit sort by amount). */
function SortableHeader({ column, sort, onSortChange, children }: SortableHeaderProps) {
  const sortColumn = column?.sort;
  if (!sortColumn) return children;
  const active = sortColumn === sort.column;
  return (
    <TableSortLabel
      active={active}
      direction={active ? sort.direction : 'asc'}
      onClick={() =>
        onSortChange({ column: sortColumn, direction: active && sort.direction === 'asc' ? 'desc' : 'asc' })
      }
    >
      {children}
    </TableSortLabel>
  );
}
