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
import { fluxColumns, fluxTableFeatures, SORTABLE, type FluxRowActions } from './flux-columns';
import { VirtualRows } from './VirtualRows';
import { fluxSearchMessages as m } from '../messages';

interface FluxResultsTableProps {
  rows: readonly FluxRow[];
  sort: FluxSearchState['sort'];
  onSortChange: (sort: FluxSearchState['sort']) => void;
  actions: FluxRowActions;
  /** 'Tous': only the rows in view are in the DOM (TanStack Virtual). */
  virtual: boolean;
}

const AMOUNT_COLUMNS = new Set(['debit', 'credit']);

export function FluxResultsTable({ rows, sort, onSortChange, actions, virtual }: FluxResultsTableProps) {
  // The handlers may change identity on each render; the columns must not (stable inputs).
  const latest = useRef(actions);
  latest.current = actions;
  const columns = useMemo(
    () =>
      fluxColumns({
        open: (row) => latest.current.open(row),
        downloadJustificatif: (row) => latest.current.downloadJustificatif(row),
      }),
    [],
  );
  // 'Tous': the table only draws the header; VirtualRows makes rows of the visible slice.
  const data = useMemo(() => (virtual ? [] : [...rows]), [rows, virtual]);
  const table = useTable({ features: fluxTableFeatures, columns, data, getRowId: (row) => String(row.id) });
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);

  const renderRow = (row: Row<typeof fluxTableFeatures, FluxRow>) => (
    <TableRow key={row.id} hover data-index={row.index}>
      {row.getAllCells().map((cell) => (
        <TableCell
          key={cell.id}
          align={AMOUNT_COLUMNS.has(cell.column.id) ? 'right' : 'left'}
          sx={{ whiteSpace: 'nowrap' }}
        >
          <table.FlexRender cell={cell} />
        </TableCell>
      ))}
    </TableRow>
  );
  const tableRows = table.getRowModel().rows;

  return (
    <TableContainer ref={setScrollElement} sx={virtual ? { maxHeight: '70vh' } : undefined}>
      <Table size="small" stickyHeader={virtual} aria-label={m.resultsLabel}>
        <TableHead>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id}>
              {group.headers.map((header) => {
                const sortColumn = SORTABLE[header.column.id];
                const active = sortColumn !== undefined && sortColumn === sort.column;
                return (
                  <TableCell
                    key={header.id}
                    sortDirection={active ? sort.direction : false}
                    sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
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
