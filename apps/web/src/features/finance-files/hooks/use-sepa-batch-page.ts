import { SEPA_BATCHES_DEFAULT_PAGE_SIZE, type SepaBatchPage, type SepaBatchSort } from '@gdf/domain';
import type { TablePaginationProps } from '@mui/material/TablePagination';
import { useState } from 'react';

const ROWS_PER_PAGE = [25, SEPA_BATCHES_DEFAULT_PAGE_SIZE, 100];

/** A column's sort as the shared table takes it. */
export interface ColumnSort {
  active: boolean;
  direction: 'asc' | 'desc';
  onSort: () => void;
}

/** The same column again reverses its order; another starts A to Z for text, largest first otherwise. */
function nextDirection(current: SepaBatchPage, sort: SepaBatchSort): 'asc' | 'desc' {
  if (current.sort === sort) return current.direction === 'asc' ? 'desc' : 'asc';
  return sort === 'fichier' || sort === 'auteur' ? 'asc' : 'desc';
}

/**
 * R-UI-20: the page and sort of the SEPA history, asked of the server. A new sort starts at
 * the first page: newest first for the date, largest first for counts and amounts, A to Z for text.
 */
export function useSepaBatchPage() {
  const [page, setPage] = useState<SepaBatchPage>({ page: 1, limit: 25, sort: 'date', direction: 'desc' });
  const sortOf = (sort: SepaBatchSort): ColumnSort => ({
    active: page.sort === sort,
    direction: page.sort === sort ? page.direction : 'asc',
    onSort: () => setPage((current) => ({ ...current, page: 1, sort, direction: nextDirection(current, sort) })),
  });
  const pagination = (
    count: number,
  ): Pick<
    TablePaginationProps,
    'count' | 'page' | 'rowsPerPage' | 'rowsPerPageOptions' | 'onPageChange' | 'onRowsPerPageChange'
  > => ({
    count,
    page: page.page - 1,
    rowsPerPage: page.limit,
    rowsPerPageOptions: ROWS_PER_PAGE,
    onPageChange: (_event, next) => setPage((current) => ({ ...current, page: next + 1 })),
    onRowsPerPageChange: (event) => setPage((current) => ({ ...current, page: 1, limit: Number(event.target.value) })),
  });
  return { page, sortOf, pagination };
}
