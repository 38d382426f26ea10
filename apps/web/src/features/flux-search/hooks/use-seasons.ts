import { DEFAULT_SEARCH_SEASON } from '@gdf/domain';
import { useQuery } from '@tanstack/react-query';
import { getSeasons } from '../api/get-seasons';

/**
 * Seasons and the default one: the current season (EST_SaisonCourante), or SPEC.md
 * section 9's DEFAULT_SEARCH_SEASON (2021) when they cannot be loaded.
 */
export function useSeasons(structureId: number) {
  const query = useQuery({
    queryKey: ['flux-seasons', structureId],
    queryFn: ({ signal }) => getSeasons(structureId, signal),
    staleTime: 60 * 60_000,
  });
  const seasons = query.data ?? [];
  const current = seasons.find((season) => season.EST_SaisonCourante)?.id;
  return {
    seasons,
    settled: !query.isPending,
    defaultSeason: current ?? (query.isError ? DEFAULT_SEARCH_SEASON : (seasons[0]?.id ?? DEFAULT_SEARCH_SEASON)),
  };
}
