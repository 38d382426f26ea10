import type { TablePaginationProps } from '@mui/material/TablePagination';
import { useState } from 'react';

const SEPA_ROWS_PER_PAGE = [25, 50, 100];

/**
 * One page of `rows` and the props of its TablePagination. The page goes back to the first
 * when `resetKey` changes (a new search) and never lies past the last one.
 */
export function usePagedRows<T>(rows: readonly T[], resetKey: string) {
  const [state, setState] = useState({ key: resetKey, page: 0, rowsPerPage: SEPA_ROWS_PER_PAGE[0] as number });
  const { rowsPerPage } = state;
  const lastPage = Math.max(0, Math.ceil(rows.length / rowsPerPage) - 1);
  const page = state.key === resetKey ? Math.min(state.page, lastPage) : 0;
  const pagination: Pick<
    TablePaginationProps,
    'count' | 'page' | 'rowsPerPage' | 'rowsPerPageOptions' | 'onPageChange' | 'onRowsPerPageChange'
  > = {
    count: rows.length,
    page,
    rowsPerPage,
    rowsPerPageOptions: SEPA_ROWS_PER_PAGE,
    onPageChange: (_event, next) => setState({ key: resetKey, page: next, rowsPerPage }),
    onRowsPerPageChange: (event) => setState({ key: resetKey, page: 0, rowsPerPage: Number(event.target.value) }),
  };
  return {
    pageRows: rows.slice(page * rowsPerPage, (page + 1) * rowsPerPage),
    /** Only when there is more than one page at the smallest size. */
    paged: rows.length > (SEPA_ROWS_PER_PAGE[0] as number),
    pagination,
  };
}
