import {
  buildFluxWhere,
  canPickStructure,
  parisToday,
  validateFluxFilters,
  type FluxSearchFilters,
  type FluxWhere,
} from '@gdf/domain';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentStructure } from '@/lib/session';
import { fetchAllFlux, type AllFlux } from '../api/fetch-all-flux';
import { fluxRowFields, type FluxRow } from '../api/flux-row';
import { fluxOrderBy } from '../utils/order-by';
import { DEFAULT_SORT, parseSearchUrl, writeSearchUrl, type FluxSearchState, type PageSize } from '../utils/search-url';
import { lastPageOf, rerun, useFluxQueries, type FluxQueries } from './flux-search-queries';
import { useFluxViewer } from './use-flux-columns';

export { FLUX_SEARCH_QUERY_KEY } from './flux-search-queries';

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
  /** R-UI-15: the search a page opens on, in place of the address without one (no history entry). */
  arrive: (filters: FluxSearchFilters) => void;
  setSort: (sort: FluxSearchState['sort']) => void;
  setPage: (page: number) => void;
  setPageSize: (pageSize: PageSize) => void;
  /** 'Tous' stopped at MAX_ALL_ROWS while more rows match. */
  truncated: boolean;
  /**
   * Every row matching the current search, in batches (the export); before any search, the rows
   * of the filters the form shows on arrival (R-UI-15: the page's actions are there at once).
   */
  fetchAll: (onBatch?: (loaded: number) => void, signal?: AbortSignal) => Promise<AllFlux>;
}

const NO_ROWS: FluxRow[] = [];

/** A hand-edited link with invalid filters runs no search: the form shows why on submit. */
function validWhere(filters: FluxSearchFilters | null, locked: number | undefined): FluxWhere | null {
  if (!filters || Object.keys(validateFluxFilters(filters, parisToday())).length > 0) return null;
  return buildFluxWhere(filters, locked);
}

/**
 * Headless state of the flux search (R-SEARCH-12): URL in, rows out; no markup. `preset` is what
 * the form shows before any search (the season), which the page's actions act on until then.
 */
export function useFluxSearch(preset: FluxSearchFilters | null = null): FluxSearchResult {
  const [searchParams, setSearchParams] = useSearchParams();
  const { structureId, currentStructure } = useCurrentStructure();
  const viewer = useFluxViewer();
  const state = useMemo(() => parseSearchUrl(searchParams), [searchParams]);
  const locked = canPickStructure(currentStructure.structureType) ? undefined : structureId;
  const where = useMemo(() => validWhere(state.filters, locked), [state.filters, locked]);
  const actionWhere = useMemo(
    () => (state.filters ? where : validWhere(preset, locked)),
    [state.filters, where, preset, locked],
  );
  const orderBy = useMemo(() => fluxOrderBy(state.sort), [state.sort]);
  const fields = useMemo(() => fluxRowFields(viewer), [viewer]);
  const queries = useFluxQueries({ structureId, where, orderBy, state, fields });
  const update = useCallback(
    (change: (state: FluxSearchState) => FluxSearchState) =>
      setSearchParams((previous) => writeSearchUrl(previous, change(parseSearchUrl(previous)))),
    [setSearchParams],
  );
  useOvershootRedirect(queries, setSearchParams);

  const fetchAll = useCallback(
    (onBatch?: (loaded: number) => void, signal?: AbortSignal) =>
      actionWhere
        ? fetchAllFlux(structureId, actionWhere, orderBy, { onBatch, signal, fields })
        : Promise.resolve({ rows: [], truncated: false }),
    [structureId, actionWhere, orderBy, fields],
  );
  const search = useCallback(
    (filters: FluxSearchFilters) => {
      // The same URL (as written: trimmed, normalised) would keep the cached results: ask
      // the server again instead.
      const next = parseSearchUrl(writeSearchUrl(searchParams, { ...state, filters, page: 0 }));
      if (state.page === 0 && JSON.stringify(next.filters) === JSON.stringify(state.filters)) rerun(queries);
      else update((previous) => ({ ...previous, filters, page: 0 }));
    },
    [update, state, searchParams, queries],
  );
  const query = queries.all ? queries.allQuery : queries.pageQuery;

  return {
    ...resultOf(queries, where, state),
    state,
    where,
    search,
    retry: useCallback(() => void query.refetch(), [query]),
    clear: useCallback(() => update(() => ({ filters: null, sort: DEFAULT_SORT, page: 0, pageSize: 30 })), [update]),
    arrive: useCallback(
      (filters) =>
        setSearchParams((previous) => writeSearchUrl(previous, { ...parseSearchUrl(previous), filters, page: 0 }), {
          replace: true,
        }),
      [setSearchParams],
    ),
    setSort: useCallback((sort) => update((previous) => ({ ...previous, sort, page: 0 })), [update]),
    setPage: useCallback((page) => update((previous) => ({ ...previous, page })), [update]),
    setPageSize: useCallback((pageSize) => update((previous) => ({ ...previous, pageSize, page: 0 })), [update]),
    fetchAll,
  };
}

/** A page past the last one goes to the last page once the count is known (lastPageOf). */
function useOvershootRedirect(queries: FluxQueries, setSearchParams: ReturnType<typeof useSearchParams>[1]) {
  const { overshoot, countQuery, limit } = queries;
  const lastPage = lastPageOf(countQuery.data, countQuery.isError, limit);
  useEffect(() => {
    if (overshoot && lastPage !== null)
      setSearchParams((previous) => writeSearchUrl(previous, { ...parseSearchUrl(previous), page: lastPage }), {
        replace: true,
      });
  }, [overshoot, lastPage, setSearchParams]);
}

type Derived = Pick<
  FluxSearchResult,
  'rows' | 'total' | 'countFailed' | 'truncated' | 'status' | 'invalidLink' | 'refreshing'
>;

/** What the queries say of the search: its rows, total and status. */
function resultOf(queries: FluxQueries, where: FluxWhere | null, state: FluxSearchState): Derived {
  const { all, allQuery, pageQuery, countQuery, overshoot } = queries;
  const query = all ? allQuery : pageQuery;
  const common = {
    status: statusOf(where, query, overshoot),
    invalidLink: state.filters !== null && where === null,
    refreshing: query.isFetching && !query.isPending,
  };
  if (all) {
    const data = allQuery.data;
    return {
      ...common,
      rows: data?.rows ?? NO_ROWS,
      total: data?.rows.length ?? 0,
      countFailed: false,
      truncated: data?.truncated ?? false,
    };
  }
  return {
    ...common,
    rows: pageQuery.data?.rows ?? NO_ROWS,
    total: countQuery.data ?? null,
    countFailed: countQuery.isError,
    truncated: false,
  };
}

function statusOf(
  where: FluxWhere | null,
  query: { isError: boolean; isPending: boolean },
  overshoot: boolean,
): FluxSearchResult['status'] {
  if (where === null) return 'idle';
  if (query.isError) return 'error';
  return query.isPending || overshoot ? 'loading' : 'success';
}
