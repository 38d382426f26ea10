import TablePagination from '@mui/material/TablePagination';
import type { OverdueRow, OverdueSortKey } from '@gdf/domain';
import { useState, type ReactNode } from 'react';
import { DataTable } from '@/components/DataTable';
import { impayesMessages as m } from '../messages';
import { overdueColumns, type OverdueSort } from './overdue-columns';

export type { OverdueSort } from './overdue-columns';

interface OverdueTableProps {
  /** Already sorted (the page sorts with the domain's rule, as the export does). */
  rows: readonly OverdueRow[];
  sort: OverdueSort;
  onSort: (sort: OverdueSort) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: ReadonlySet<number>) => void;
  onRemind: (row: OverdueRow) => void;
  onDownloadLast: (row: OverdueRow) => void;
  /** The current structure: listed with its own debts, never sent a letter by itself. */
  ownStructureId: number;
  /** More beside a row's last letter (its e-mail delivery, given by the page that composes this one). */
  lastReminderAction?: (letter: { id: number }) => ReactNode;
}

const PAGE_SIZES = [25, 50, 100];

const nextDirection = (sort: OverdueSort, key: OverdueSortKey) => {
  if (sort.key === key) return sort.direction === 'asc' ? 'desc' : 'asc';
  return key === 'structure' ? 'asc' : 'desc';
};

/**
 * The overdue list: every column sorts (the sort labels are buttons, so Tab and Enter sort
 * too), rows are selected for a batch of letters, and a page shows 25 to 100 structures.
 */
export function OverdueTable({ rows, sort, onSort, selected, onSelect, ...actions }: OverdueTableProps) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const lastPage = Math.max(0, Math.ceil(rows.length / pageSize) - 1);
  const shown = rows.slice(Math.min(page, lastPage) * pageSize, (Math.min(page, lastPage) + 1) * pageSize);
  const shownIds = shown.map((row) => row.structure.id).filter((id) => id !== actions.ownStructureId);

  const toggle = (ids: number[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onSelect(next);
  };
  const columns = overdueColumns({
    ...actions,
    sort,
    sortOn: (key) => onSort({ key, direction: nextDirection(sort, key) }),
    selected,
    shownIds,
    toggle,
  });

  return (
    <>
      <DataTable
        label={m.tableLabel}
        container="plain"
        containerSx={{ overflowX: 'auto' }}
        columns={columns}
        rows={shown}
        rowKey={(row) => row.structure.id}
        rowProps={(row) => ({ hover: true, selected: selected.has(row.structure.id) })}
      />
      <TablePagination
        component="div"
        count={rows.length}
        page={Math.min(page, lastPage)}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage={m.rowsPerPage}
        labelDisplayedRows={m.displayedRows}
      />
    </>
  );
}
