import { FLUX_TOTAL_CAP, type FluxWhere } from '@gdf/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchAllFlux } from '../api/fetch-all-flux';
import type { FluxOrderBy } from '../api/flux-row';
import { countFlux, searchFluxPage } from '../api/search-flux';
import { settledTotal } from '../api/search-flux-queries';
import type { FluxSearchState } from '../utils/search-url';

/** Prefix of every flux list query: invalidated after a relaunch. */
export const FLUX_SEARCH_QUERY_KEY = 'flux-search';

export interface FluxQueryInput {
  structureId: number;
  where: FluxWhere | null;
  orderBy: FluxOrderBy;
  state: FluxSearchState;
  /** The viewer's row selection (fluxRowFields). */
  fields: string;
}

/**
 * The three queries of a search (R-SEARCH-13): a page (or 'Tous', every row in batches), then
 * the capped count of its filter set when the page did not settle it.
 */
export function useFluxQueries({ structureId, where, orderBy, state, fields }: FluxQueryInput) {
  const all = state.pageSize === 'all';
  const limit = state.pageSize === 'all' ? 0 : state.pageSize;
  const offset = state.page * limit;
  const queryClient = useQueryClient();
  // The count of a filter set, asked once: page turns and sorts reuse it (its key has neither).
  const countKey = useMemo(() => [FLUX_SEARCH_QUERY_KEY, 'count', structureId, where], [structureId, where]);
  const pageQuery = useQuery({
    queryKey: [FLUX_SEARCH_QUERY_KEY, structureId, where, orderBy, state.pageSize, state.page],
    queryFn: async ({ signal }) => {
      // While the total is unknown the page brings the planner's word on it; a short page or
      // "far above the cap" settles it, and no count is asked.
      const count = queryClient.getQueryState(countKey);
      const unknown = count?.data === undefined || count.isInvalidated;
      const params = { where: where ?? {}, orderBy, limit, offset };
      const page = await searchFluxPage(structureId, params, unknown, signal, fields);
      const settled = settledTotal(page, offset, limit);
      if (settled !== null) queryClient.setQueryData(countKey, settled);
      return { rows: page.rows, settled };
    },
    enabled: where !== null && !all,
    placeholderData: keepPreviousData,
    // Offline, a paused query would leave the previous rows as if they were the answer:
    // fail at once instead, so the page says the search did not go through (R-SEARCH-18).
    networkMode: 'always',
  });
  const allQuery = useQuery({
    queryKey: [FLUX_SEARCH_QUERY_KEY, structureId, where, orderBy, 'all'],
    queryFn: ({ signal }) => fetchAllFlux(structureId, where ?? {}, orderBy, { signal, fields }),
    enabled: where !== null && all,
    // Comparing 100,000 fresh rows with the previous ones costs more than it saves.
    structuralSharing: false,
    networkMode: 'always',
  });
  // The page comes first; its capped count follows (R-SEARCH-13) when the page did not settle it.
  const page = pageQuery.isSuccess && !pageQuery.isPlaceholderData ? pageQuery.data.rows : undefined;
  const countQuery = useQuery({
    queryKey: countKey,
    queryFn: ({ signal }) => countFlux(structureId, where ?? {}, signal),
    enabled: where !== null && !all && page !== undefined,
    staleTime: Infinity,
    networkMode: 'always',
  });
  // A page past the last one (a hand-edited `page=999`, fewer rows since).
  const overshoot = !all && page !== undefined && state.page > 0 && page.length === 0;
  return { all, limit, queryClient, countKey, pageQuery, allQuery, countQuery, overshoot };
}

export type FluxQueries = ReturnType<typeof useFluxQueries>;

/**
 * The page an overshooting link goes to: the last one once the count is known; above the cap
 * (maybe an estimate), or without a count, the first; null while the count is on its way.
 */
export function lastPageOf(counted: number | undefined, countFailed: boolean, limit: number): number | null {
  if (counted === undefined) return countFailed ? 0 : null;
  if (counted > FLUX_TOTAL_CAP) return 0;
  return Math.max(0, Math.ceil(counted / limit) - 1);
}

/**
 * Runs the same search again, as first sent: 'Tous' refetched, or the page, and the count after
 * it unless the page settles it (if the count had answered; else it follows the page as usual).
 */
export function rerun({ all, allQuery, pageQuery, countQuery, queryClient, countKey }: FluxQueries): void {
  if (all) {
    void allQuery.refetch();
    return;
  }
  const recount = !countQuery.isPending;
  if (recount) void queryClient.invalidateQueries({ queryKey: countKey, exact: true, refetchType: 'none' });
  void pageQuery.refetch().then((result) => {
    if (recount && result.isSuccess && result.data.settled === null) void countQuery.refetch();
  });
}
