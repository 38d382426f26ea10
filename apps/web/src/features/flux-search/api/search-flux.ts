import type { FluxWhere } from '@gdf/domain';
import { FLUX_TOTAL_CAP } from '@gdf/domain';
import { fluxGraphql } from './flux-graphql';
import { FLUX_ROW_FIELDS, type FluxOrderBy, type FluxRow } from './flux-row';

const SEARCH_PAGE = `query SearchFlux($where: MKP_FluxFinancier_bool_exp!, $orderBy: [MKP_FluxFinancier_order_by!], $limit: Int!, $offset: Int!, $cap: Int!) {
  rows: MKP_FluxFinancier(where: $where, order_by: $orderBy, limit: $limit, offset: $offset) { ${FLUX_ROW_FIELDS} }
  total: MKP_FluxFinancier_aggregate(where: $where, limit: $cap) { aggregate { count } }
}`;

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
    SEARCH_PAGE,
    { ...params, cap: FLUX_TOTAL_CAP + 1 },
    signal,
  );
  return { rows: data.rows, cappedTotal: data.total.aggregate.count };
}
