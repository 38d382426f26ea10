import type { FluxWhere } from '@gdf/domain';
import { graphqlRequest } from '@/lib/graphql-client';
import { FLUX_ROW_FIELDS, type FluxOrderBy, type FluxRow } from './flux-row';
import {
  COUNT_LIMIT,
  SEARCH_COUNT,
  searchPageQuery,
  searchPageWithEstimateQuery,
  type FluxPage,
} from './search-flux-queries';

/**
 * One page of results: the table renders from it, before the total is known. With
 * `withEstimate` the same request carries the planner's word on the total (one plan; a total
 * it expects small is counted with the page), so a search far above the cap or a small one
 * needs no count request.
 */
export async function searchFluxPage(
  structureId: number,
  params: { where: FluxWhere; orderBy: FluxOrderBy; limit: number; offset: number },
  withEstimate: boolean,
  signal?: AbortSignal,
  fields: string = FLUX_ROW_FIELDS,
): Promise<FluxPage> {
  if (!withEstimate) {
    const data = await graphqlRequest<{ rows: FluxRow[] }>(searchPageQuery(fields), params, { structureId, signal });
    return { rows: data.rows, totalWithPage: null };
  }
  const data = await graphqlRequest<{ rows: FluxRow[]; estimate: { aggregate: { count: number } | null } }>(
    searchPageWithEstimateQuery(fields),
    { ...params, cap: COUNT_LIMIT },
    { structureId, signal },
  );
  return { rows: data.rows, totalWithPage: data.estimate.aggregate?.count ?? null };
}

/** The capped total of a search, counted: at most FLUX_TOTAL_CAP + 1 ("plus de 10 000"). */
export async function countFlux(structureId: number, where: FluxWhere, signal?: AbortSignal): Promise<number> {
  const data = await graphqlRequest<{ total: { aggregate: { count: number } } }>(
    SEARCH_COUNT,
    { where, cap: COUNT_LIMIT },
    { structureId, signal },
  );
  return data.total.aggregate.count;
}
