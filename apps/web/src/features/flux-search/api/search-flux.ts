import type { FluxWhere } from '@gdf/domain';
import { FLUX_TOTAL_CAP } from '@gdf/domain';
import { fluxGraphql } from './flux-graphql';
import type { FluxOrderBy, FluxRow } from './flux-row';
import { SEARCH_PAGE_AND_COUNT } from './search-flux-queries';

export interface FluxPage {
  rows: FluxRow[];
  /** Capped at FLUX_TOTAL_CAP + 1: above the cap the page says "plus de 10 000". */
  cappedTotal: number;
}

interface SearchPageResponse {
  rows: FluxRow[];
  total: { aggregate: { count: number } };
}

/** One page of results and the capped total, in one request (two SQL statements). */
export async function searchFluxPage(
  structureId: number,
  params: { where: FluxWhere; orderBy: FluxOrderBy; limit: number; offset: number },
  signal?: AbortSignal,
): Promise<FluxPage> {
  const data = await fluxGraphql<SearchPageResponse>(
    structureId,
    SEARCH_PAGE_AND_COUNT,
    { ...params, cap: FLUX_TOTAL_CAP + 1 },
    signal,
  );
  return { rows: data.rows, cappedTotal: data.total.aggregate.count };
}
