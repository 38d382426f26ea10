import type { FluxWhere } from '@gdf/domain';
import { FLUX_TOTAL_CAP } from '@gdf/domain';
import { graphqlRequest } from '@/lib/graphql-client';
import type { FluxOrderBy, FluxRow } from './flux-row';
import { SEARCH_COUNT, SEARCH_PAGE } from './search-flux-queries';

/** One page of results: the table renders from it, before the total is known. */
export async function searchFluxPage(
  structureId: number,
  params: { where: FluxWhere; orderBy: FluxOrderBy; limit: number; offset: number },
  signal?: AbortSignal,
): Promise<FluxRow[]> {
  const data = await graphqlRequest<{ rows: FluxRow[] }>(SEARCH_PAGE, params, { structureId, signal });
  return data.rows;
}

/**
 * The capped total of a search: at most FLUX_TOTAL_CAP + 1 ("plus de 10 000"), which the
 * server may answer from its planner's estimate when the search matches far more.
 */
export async function countFlux(structureId: number, where: FluxWhere, signal?: AbortSignal): Promise<number> {
  const data = await graphqlRequest<{ total: { aggregate: { count: number } } }>(
    SEARCH_COUNT,
    { where, cap: FLUX_TOTAL_CAP + 1 },
    { structureId, signal },
  );
  return data.total.aggregate.count;
}
