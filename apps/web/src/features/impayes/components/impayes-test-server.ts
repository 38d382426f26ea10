import {
  overdueListPage,
  overdueListQuerySchema,
  selectOverdueRows,
  type OverdueListPage,
  type OverdueRow,
} from '@gdf/domain';
import type { OverdueListSearch } from '../api/impayes-api';

/**
 * For the page's tests: GET /api/impayes over `rows` as the server answers it (R-UI-20), the
 * query read by the server's schema, the name searched as its SQL does (contains, any case),
 * the amount filters, the sort and the page by the domain's functions.
 */
export function serveOverdue(rows: readonly OverdueRow[], asOf = '2026-11-24') {
  return async (_structureId: number, search: OverdueListSearch): Promise<OverdueListPage> => {
    const query = overdueListQuerySchema.parse(search);
    const text = query.recherche?.toLowerCase();
    const named = text ? rows.filter((row) => row.structure.name.toLowerCase().includes(text)) : rows;
    return overdueListPage(asOf, selectOverdueRows(named, query), query);
  };
}
