import { FLUX_TOTAL_CAP, fluxBreakdown, type BreakdownRow, type FluxBreakdown, type FluxWhere } from '@gdf/domain';
import { graphqlRequest } from '@/lib/graphql-client';

/** Four small fields of each matching flux (at most the cap), grouped in the browser. */
const BREAKDOWN = `query FluxBreakdown($where: MKP_FluxFinancier_bool_exp!, $limit: Int!) {
  rows: MKP_FluxFinancier(where: $where, limit: $limit) { Z_DateCreation MontantTTC EST_Debit ID_CategoryFlux }
}`;

/** The chart's data: asked only when the chart is unfolded and the search is under the cap. */
export async function fetchFluxBreakdown(
  structureId: number,
  where: FluxWhere,
  signal?: AbortSignal,
): Promise<FluxBreakdown> {
  const data = await graphqlRequest<{ rows: BreakdownRow[] }>(
    BREAKDOWN,
    { where, limit: FLUX_TOTAL_CAP },
    { structureId, signal },
  );
  return fluxBreakdown(data.rows);
}
