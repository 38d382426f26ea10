import { fluxSearchTotals, type FluxSearchTotals, type FluxWhere } from '@gdf/domain';
import { graphqlRequest } from '@/lib/graphql-client';

/**
 * Count, débit and crédit of a search (R-SEARCH-14): two sums over the same scoped `where`,
 * split by EST_Debit, in one request. No limit: the caller asks only when the capped count
 * was under the cap, or when the user asks ('Calculer les totaux').
 */
const TOTALS = `query FluxTotals($debit: MKP_FluxFinancier_bool_exp!, $credit: MKP_FluxFinancier_bool_exp!) {
  debit: MKP_FluxFinancier_aggregate(where: $debit) { aggregate { count sum { MontantTTC } } }
  credit: MKP_FluxFinancier_aggregate(where: $credit) { aggregate { count sum { MontantTTC } } }
}`;

type Side = { aggregate: { count: number; sum: { MontantTTC: number | string | null } } };

export async function fetchFluxTotals(
  structureId: number,
  where: FluxWhere,
  signal?: AbortSignal,
): Promise<FluxSearchTotals> {
  const data = await graphqlRequest<{ debit: Side; credit: Side }>(
    TOTALS,
    {
      debit: { _and: [where, { EST_Debit: { _eq: true } }] },
      credit: { _and: [where, { EST_Debit: { _eq: false } }] },
    },
    { structureId, signal },
  );
  return fluxSearchTotals(
    data.debit.aggregate.count + data.credit.aggregate.count,
    data.debit.aggregate.sum.MontantTTC,
    data.credit.aggregate.sum.MontantTTC,
  );
}
