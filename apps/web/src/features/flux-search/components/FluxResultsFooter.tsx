import TablePagination from '@mui/material/TablePagination';
import { FLUX_TOTAL_CAP } from '@gdf/domain';
import { formatInteger } from '@/lib/format';
import { fluxSearchMessages as m } from '../messages';
import { PAGE_SIZES, type FluxSearchState, type PageSize } from '../utils/search-url';

interface FluxResultsFooterProps {
  state: FluxSearchState;
  /** null while the count follows the page: the arrows stay usable, the range has no "sur". */
  total: number | null;
  /** Rows on this page: a short page ends the results, counted or not. */
  shown: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: PageSize) => void;
}

const ALL = -1;

/**
 * On a phone the page-size select and the page arrows wrap onto two lines rather than
 * running past the edge (the pagination would otherwise scroll its arrows out of view).
 */
const WRAP_SX = {
  '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 2 },
  '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
} as const;

/**
 * Page sizes 30, 60, 90 and 'Tous' (R-SEARCH-10); past the cap, or while the count
 * is on its way, the count is unknown (-1).
 */
export function FluxResultsFooter({ state, total, shown, onPageChange, onPageSizeChange }: FluxResultsFooterProps) {
  const all = state.pageSize === 'all';
  const size = state.pageSize === 'all' ? 0 : state.pageSize;
  const lastShown = total === null && !all && shown < size ? state.page * size + shown : null;
  return (
    <TablePagination
      component="div"
      sx={WRAP_SX}
      count={lastShown ?? (total === null || (!all && total > FLUX_TOTAL_CAP) ? -1 : total)}
      page={all ? 0 : state.page}
      rowsPerPage={state.pageSize === 'all' ? ALL : state.pageSize}
      rowsPerPageOptions={PAGE_SIZES.map((size) => (size === 'all' ? { label: m.all, value: ALL } : size))}
      onPageChange={(_event, page) => onPageChange(page)}
      onRowsPerPageChange={(event) => {
        const value = Number(event.target.value);
        onPageSizeChange(value === ALL ? 'all' : (value as PageSize));
      }}
      labelRowsPerPage={m.pageSize}
      labelDisplayedRows={({ from, to, count }) =>
        total === null
          ? `${formatInteger(from)}–${formatInteger(to)}`
          : `${formatInteger(from)}–${formatInteger(to)} sur ${count === -1 ? `plus de ${formatInteger(FLUX_TOTAL_CAP)}` : formatInteger(count)}`
      }
      getItemAriaLabel={(type) => (type === 'next' ? m.nextPage : m.previousPage)}
    />
  );
}
