import {
  FLUX_TOTAL_CAP,
  buildFluxWhere,
  canPickStructure,
  parisToday,
  validateFluxFilters,
  type FluxSearchFilters,
  type FluxWhere,
} from '@gdf/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentStructure } from '@/lib/session';
import { fetchAllFlux, type AllFlux } from '../api/fetch-all-flux';
import type { FluxRow } from '../api/flux-row';
import { countFlux, searchFluxPage } from '../api/search-flux';
import { settledTotal } from '../api/search-flux-queries';
import { fluxOrderBy } from '../utils/order-by';
import { DEFAULT_SORT, parseSearchUrl, writeSearchUrl, type FluxSearchState, type PageSize } from '../utils/search-url';

/** Prefix of every flux list query: invalidated after a relaunch. */
export const FLUX_SEARCH_QUERY_KEY = 'flux-search';

export interface FluxSearchResult {
  state: FluxSearchState;
  /** The GraphQL where of the current search; null when nothing is searched (or invalid). */
  where: FluxWhere | null;
  rows: readonly FluxRow[];
  /**
   * Capped count for pages (FLUX_TOTAL_CAP + 1 means "plus de 10 000"), the number of
   * loaded rows for 'Tous'; null while the count of a new search is on its way (the
   * table is already shown).
   */
  total: number | null;
  /** The count of the shown page could not be had (the rows stay). */
  countFailed: boolean;
  status: 'idle' | 'loading' | 'error' | 'success';
  /** The URL holds filters that do not pass the form's validation: nothing was searched. */
  invalidLink: boolean;
  /** Fetching with results already shown (page change, refresh). */
  refreshing: boolean;
  /** Runs the search; the same filters again fetch fresh results (a refresh). */
  search: (filters: FluxSearchFilters) => void;
  /** Fetches the current results again (after an error). */
  retry: () => void;
  /** 'Réinitialiser': no search any more, its keys gone from the URL. */
  clear: () => void;
  setSort: (sort: FluxSearchState['sort']) => void;
  setPage: (page: number) => void;
  setPageSize: (pageSize: PageSize) => void;
  /** Every row matching the current search, in batches (the export). */
  /** 'Tous' stopped at MAX_ALL_ROWS while more rows match. */
  truncated: boolean;
  fetchAll: (onBatch?: (loaded: number) => void, signal?: AbortSignal) => Promise<AllFlux>;
}

const NO_ROWS: FluxRow[] = [];

/** Headless state of the flux search (R-SEARCH-12): URL in, rows out; no markup. */
export function useFluxSearch(): FluxSearchResult {
  const [searchParams, setSearchParams] = useSearchParams();
  const { structureId, currentStructure } = useCurrentStructure();
  const state = useMemo(() => parseSearchUrl(searchParams), [searchParams]);
  const locked = canPickStructure(currentStructure.structureType) ? undefined : structureId;
  // A hand-edited link with invalid filters runs no search: the form shows why on submit.
  const where = useMemo(
    () =>
      state.filters && Object.keys(validateFluxFilters(state.filters, parisToday())).length === 0
        ? buildFluxWhere(state.filters, locked)
        : null,
    [state.filters, locked],
  );
  const orderBy = useMemo(() => fluxOrderBy(state.sort), [state.sort]);
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
      const page = await searchFluxPage(structureId, { where: where ?? {}, orderBy, limit, offset }, unknown, signal);
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
    queryFn: ({ signal }) => fetchAllFlux(structureId, where ?? {}, orderBy, { signal }),
    enabled: where !== null && all,
    // Comparing 100,000 fresh rows with the previous ones costs more than it saves.
    structuralSharing: false,
    networkMode: 'always',
  });
  const query = all ? allQuery : pageQuery;

  // The page comes first; its capped count follows (R-SEARCH-13) when the page did not settle it.
  const page = pageQuery.isSuccess && !pageQuery.isPlaceholderData ? pageQuery.data.rows : undefined;
  const countQuery = useQuery({
    queryKey: countKey,
    queryFn: ({ signal }) => countFlux(structureId, where ?? {}, signal),
    enabled: where !== null && !all && page !== undefined,
    staleTime: Infinity,
    networkMode: 'always',
  });

  const update = useCallback(
    (change: (state: FluxSearchState) => FluxSearchState) =>
      setSearchParams((previous) => writeSearchUrl(previous, change(parseSearchUrl(previous)))),
    [setSearchParams],
  );

  // A page past the last one (a hand-edited `page=999`, fewer rows since) goes to the last
  // page once the count is known; above the cap (maybe an estimate), or without a count,
  // to the first page.
  const overshoot = !all && page !== undefined && state.page > 0 && page.length === 0;
  const counted = countQuery.data;
  const lastPage =
    counted === undefined
      ? countQuery.isError
        ? 0
        : null
      : counted > FLUX_TOTAL_CAP
        ? 0
        : Math.max(0, Math.ceil(counted / limit) - 1);
  useEffect(() => {
    if (overshoot && lastPage !== null)
      setSearchParams((previous) => writeSearchUrl(previous, { ...parseSearchUrl(previous), page: lastPage }), {
        replace: true,
      });
  }, [overshoot, lastPage, setSearchParams]);

  const fetchAll = useCallback(
    (onBatch?: (loaded: number) => void, signal?: AbortSignal) =>
      where
        ? fetchAllFlux(structureId, where, orderBy, { onBatch, signal })
        : Promise.resolve({ rows: [], truncated: false }),
    [structureId, where, orderBy],
  );

  return {
    state,
    where,
    rows: (all ? allQuery.data?.rows : pageQuery.data?.rows) ?? NO_ROWS,
    total: all ? (allQuery.data?.rows.length ?? 0) : (countQuery.data ?? null),
    countFailed: !all && countQuery.isError,
    truncated: all && (allQuery.data?.truncated ?? false),
    status: where === null ? 'idle' : query.isError ? 'error' : query.isPending || overshoot ? 'loading' : 'success',
    invalidLink: state.filters !== null && where === null,
    refreshing: query.isFetching && !query.isPending,
    search: useCallback(
      (filters: FluxSearchFilters) => {
        // The same URL (as written: trimmed, normalised) would keep the cached results: ask
        // the server again instead.
        const next = parseSearchUrl(writeSearchUrl(searchParams, { ...state, filters, page: 0 }));
        if (state.page === 0 && JSON.stringify(next.filters) === JSON.stringify(state.filters)) {
          // The page again as first sent, and the count after it unless the page settles it
          // (if the count had answered; else it follows the page as usual).
          if (all) void allQuery.refetch();
          else {
            const recount = !countQuery.isPending;
            if (recount) void queryClient.invalidateQueries({ queryKey: countKey, exact: true, refetchType: 'none' });
            void pageQuery.refetch().then((result) => {
              if (recount && result.isSuccess && result.data.settled === null) void countQuery.refetch();
            });
          }
        } else update((previous) => ({ ...previous, filters, page: 0 }));
      },
      [update, state, searchParams, all, allQuery, pageQuery, countQuery, queryClient, countKey],
    ),
    retry: useCallback(() => void query.refetch(), [query]),
    clear: useCallback(() => update(() => ({ filters: null, sort: DEFAULT_SORT, page: 0, pageSize: 30 })), [update]),
    setSort: useCallback((sort) => update((previous) => ({ ...previous, sort, page: 0 })), [update]),
    setPage: useCallback((page) => update((previous) => ({ ...previous, page })), [update]),
    setPageSize: useCallback((pageSize) => update((previous) => ({ ...previous, pageSize, page: 0 })), [update]),
    fetchAll,
  };
}
