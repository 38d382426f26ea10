import { DEFAULT_SEARCH_SEASON } from '@gdf/domain';
import { useQuery } from '@tanstack/react-query';
import { graphqlRequest } from './graphql-client';

/** A federation season (FEDE_Saison): its id is its end year. */
export interface Season {
  id: number;
  NomSaison: string;
  EST_SaisonCourante: boolean;
}

const SEASONS = `{ FEDE_Saison(order_by: [{id: desc}]) { id NomSaison EST_SaisonCourante } }`;

async function getSeasons(signal?: AbortSignal): Promise<Season[]> {
  return (await graphqlRequest<{ FEDE_Saison: Season[] }>(SEASONS, undefined, { signal })).FEDE_Saison;
}

/**
 * Seasons, newest first, and the default one: the current season (EST_SaisonCourante),
 * or R-SEARCH-11's DEFAULT_SEARCH_SEASON (2021) when they cannot be loaded.
 * Seasons are the same for every structure, so one query serves every screen.
 */
export function useSeasons() {
  const query = useQuery({
    queryKey: ['seasons'],
    queryFn: ({ signal }) => getSeasons(signal),
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
