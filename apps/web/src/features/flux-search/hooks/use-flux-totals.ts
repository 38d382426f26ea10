import { FLUX_TOTAL_CAP, type FluxSearchTotals } from '@gdf/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentStructure } from '@/lib/session';
import { fetchFluxTotals } from '../api/fetch-flux-totals';
import { FLUX_SEARCH_QUERY_KEY, type FluxSearchResult } from './use-flux-search';

export interface FluxTotalsState {
  /**
   * hidden: no results yet; offer: above the cap, 'Calculer les totaux' asks for them;
   * loading, error, ready: the totals' request.
   */
  phase: 'hidden' | 'offer' | 'loading' | 'error' | 'ready';
  totals: FluxSearchTotals | undefined;
  /** Whether the current search's count is under the cap (the chart needs it). */
  underCap: boolean;
  compute: () => void;
  retry: () => void;
}

/**
 * The summary's totals (R-SEARCH-13, R-SEARCH-14): asked with the count when the search is under the cap
 * (at most 10,000 rows summed), on demand above it, so a plain search costs what it did.
 */
export function useFluxTotals(search: FluxSearchResult): FluxTotalsState {
  const { structureId } = useCurrentStructure();
  const key = JSON.stringify(search.where);
  const [requestedFor, setRequestedFor] = useState<string | null>(null);
  const settled = search.status === 'success' && search.where !== null && !search.refreshing && search.total !== null;
  const underCap = settled && !search.truncated && search.total !== null && search.total <= FLUX_TOTAL_CAP;
  const query = useQuery({
    queryKey: [FLUX_SEARCH_QUERY_KEY, 'totals', structureId, search.where],
    queryFn: ({ signal }) => fetchFluxTotals(structureId, search.where ?? {}, signal),
    enabled: settled && (underCap || requestedFor === key),
  });
  const phase: FluxTotalsState['phase'] = !settled
    ? 'hidden'
    : query.isError
      ? 'error'
      : query.data
        ? 'ready'
        : underCap || requestedFor === key
          ? 'loading'
          : 'offer';
  return {
    phase,
    totals: query.data,
    underCap,
    compute: () => setRequestedFor(key),
    retry: () => void query.refetch(),
  };
}
