import TablePagination from '@mui/material/TablePagination';
import { OVERDUE_PAGE_SIZES, type OverdueRow, type OverdueSortKey } from '@gdf/domain';
import type { ReactNode } from 'react';
import { DataTable } from '@/components/DataTable';
import { impayesMessages as m } from '../messages';
import { overdueColumns, type OverdueSort } from './overdue-columns';

export type { OverdueSort } from './overdue-columns';

interface OverdueTableProps {
  /** One page, searched, filtered and sorted by the server (R-UI-20). */
  rows: readonly OverdueRow[];
  /** The page shown (1 first), its size, and how many structures the filters keep. */
  paging: { page: number; pageSize: number; total: number };
  onPage: (page: number, pageSize: number) => void;
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

const nextDirection = (sort: OverdueSort, key: OverdueSortKey) => {
  if (sort.key === key) return sort.direction === 'asc' ? 'desc' : 'asc';
  return key === 'structure' ? 'asc' : 'desc';
};

/**
 * The overdue list: every column sorts (the sort labels are buttons, so Tab and Enter sort
 * too), rows are selected for a batch of letters (across pages), and the server sends one page
 * of 10 to 100 structures.
 */
export function OverdueTable({
  rows,
  paging,
  onPage,
  sort,
  onSort,
  selected,
  onSelect,
  ...actions
}: OverdueTableProps) {
  const shownIds = rows.map((row) => row.structure.id).filter((id) => id !== actions.ownStructureId);

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
        rows={rows}
        rowKey={(row) => row.structure.id}
        rowProps={(row) => ({ hover: true, selected: selected.has(row.structure.id) })}
      />
      <TablePagination
        component="div"
        count={paging.total}
        page={paging.page - 1}
        onPageChange={(_event, next) => onPage(next + 1, paging.pageSize)}
        rowsPerPage={paging.pageSize}
        rowsPerPageOptions={[...OVERDUE_PAGE_SIZES]}
        onRowsPerPageChange={(event) => onPage(1, Number(event.target.value))}
        labelRowsPerPage={m.rowsPerPage}
        getItemAriaLabel={(type) => m.pageButton(type)}
        labelDisplayedRows={m.displayedRows}
      />
    </>
  );
}
