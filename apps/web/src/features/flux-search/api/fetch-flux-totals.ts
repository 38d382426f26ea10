import {
  FLUX_TOTALS_QUERY,
  fluxTotalsFromResponse,
  fluxTotalsVariables,
  type FluxSearchTotals,
  type FluxTotalsResponse,
  type FluxWhere,
} from '@gdf/domain';
import { graphqlRequest } from '@/lib/graphql-client';

/**
 * The summary of a search (R-SEARCH-14, R-BAL-03), in one request over the same scoped `where`
 * (the query and its reading: packages/domain's search-totals). No limit: the caller asks only
 * when the capped count was under the cap, or when the user asks ('Calculer les totaux').
 */
export async function fetchFluxTotals(
  structureId: number,
  where: FluxWhere,
  signal?: AbortSignal,
): Promise<FluxSearchTotals> {
  const data = await graphqlRequest<FluxTotalsResponse>(FLUX_TOTALS_QUERY, fluxTotalsVariables(where), {
    structureId,
    signal,
  });
  return fluxTotalsFromResponse(data);
}
