import type { FluxSearchFilters } from '@gdf/domain';
import { useCallback, useEffect, useRef } from 'react';
import type { FluxSearchResult } from './use-flux-search';

/**
 * R-UI-15: a structure locked to itself opens on its results: an address without a search runs
 * the form's preset (the season) once, in place of that address. Later, 'Réinitialiser' empties
 * the page as asked. An address with filters searches on its own (the URL holds the search).
 */
export function useResultsOnArrival(search: FluxSearchResult, locked: boolean, preset: FluxSearchFilters | null) {
  const arrived = useRef(false);
  const { arrive } = search;
  const searched = search.state.filters !== null;
  useEffect(() => {
    if (arrived.current || preset === null) return;
    arrived.current = true;
    if (locked && !searched) arrive(preset);
  }, [arrive, locked, searched, preset]);
}

/**
 * R-UI-16: on a phone, a search asked from the form scrolls the page to its first result once
 * the rows are in (the folded panel leaves them at the top). Returns the search to call and the
 * ref of the results.
 */
export function useScrollToResults(search: FluxSearchResult, phone: boolean) {
  const results = useRef<HTMLDivElement>(null);
  const pending = useRef(false);
  const settled = search.status !== 'loading' && !search.refreshing;
  const shown = search.status === 'success' && search.rows.length > 0;
  useEffect(() => {
    if (!pending.current || !settled) return;
    pending.current = false;
    if (shown) results.current?.scrollIntoView({ block: 'start' });
  }, [settled, shown]);
  const { search: run } = search;
  const searchAndScroll = useCallback(
    (filters: FluxSearchFilters) => {
      pending.current = phone;
      run(filters);
    },
    [run, phone],
  );
  return { results, searchAndScroll };
}
