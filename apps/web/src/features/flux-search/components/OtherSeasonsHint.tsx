import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { FLUX_TOTAL_CAP, areFluxFiltersEmpty, buildFluxWhere, canPickStructure } from '@gdf/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCurrentStructure } from '@/lib/session';
import { countFlux } from '../api/search-flux';
import { FLUX_SEARCH_QUERY_KEY, type FluxSearchResult } from '../hooks/use-flux-search';
import { fluxSearchMessages as m } from '../messages';

/**
 * The same search over every season, when it differs from the one shown: a search within one
 * season (not set by a printed invoice number, R-SEARCH-23). A structure locked to itself names
 * itself when the season was its only filter (a search needs one, R-SEARCH-03). Null otherwise.
 */
function useAllSeasons(search: FluxSearchResult) {
  const { structureId, currentStructure } = useCurrentStructure();
  const filters = search.state.filters;
  const locked = canPickStructure(currentStructure.structureType) ? undefined : structureId;
  return useMemo(() => {
    if (!filters || filters.season === null || search.where === null) return null;
    const all = { ...filters, season: null };
    if (areFluxFiltersEmpty(all)) {
      if (locked === undefined) return null;
      all.structureId = locked;
    }
    const where = buildFluxWhere(all, locked);
    return JSON.stringify(where) === JSON.stringify(search.where) ? null : { where, filters: all };
  }, [filters, locked, search.where]);
}

/**
 * R-UI-15: an empty result within one season says how many flux the other seasons hold
 * (capped as every count, R-SEARCH-13), with 'Chercher dans toutes les saisons'.
 */
export function OtherSeasonsHint({ search }: { search: FluxSearchResult }) {
  const { structureId } = useCurrentStructure();
  const all = useAllSeasons(search);
  const count = useQuery({
    queryKey: [FLUX_SEARCH_QUERY_KEY, 'other-seasons', structureId, all?.where],
    queryFn: ({ signal }) => countFlux(structureId, all?.where ?? {}, signal),
    enabled: all !== null,
    staleTime: Infinity,
  });
  if (all === null || count.isError) return <Alert severity="info">{m.empty}</Alert>;
  const found = count.data ?? 0;
  const text =
    count.data === undefined
      ? m.otherSeasonsLoading
      : found > FLUX_TOTAL_CAP
        ? m.otherSeasonsAboveCap
        : m.otherSeasons(found);
  return (
    <Alert
      severity="info"
      action={
        found > 0 && (
          <Button color="inherit" size="small" onClick={() => search.search(all.filters)}>
            {m.searchAllSeasons}
          </Button>
        )
      }
    >
      <div>{m.empty}</div>
      <div>{text}</div>
    </Alert>
  );
}
