import { fluxSearchTotals, type FluxSearchTotals, type FluxWhere } from '@gdf/domain';
import { graphqlRequest } from '@/lib/graphql-client';

/**
 * The summary of a search (R-SEARCH-14, R-BAL-03): sums over the same scoped `where`, split
 * by EST_Debit, in one request. `MontantRegle` and `ResteDu` are the balance rule's figures,
 * computed by the server (R-BAL-01). No limit: the caller asks only when the capped count was
 * under the cap, or when the user asks ('Calculer les totaux').
 */
const TOTALS = `query FluxTotals($debit: MKP_FluxFinancier_bool_exp!, $credit: MKP_FluxFinancier_bool_exp!) {
  debit: MKP_FluxFinancier_aggregate(where: $debit) { aggregate { count sum { MontantTTC MontantRegle ResteDu } } }
  credit: MKP_FluxFinancier_aggregate(where: $credit) { aggregate { count sum { MontantTTC ResteDu } } }
}`;

type Amount = number | string | null;
type Side = {
  aggregate: { count: number; sum: { MontantTTC: Amount; MontantRegle?: Amount; ResteDu: Amount } };
};

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
  const { debit, credit } = data;
  return fluxSearchTotals({
    debit: {
      count: debit.aggregate.count,
      amount: debit.aggregate.sum.MontantTTC,
      settled: debit.aggregate.sum.MontantRegle ?? null,
      resteDu: debit.aggregate.sum.ResteDu,
    },
    credit: {
      count: credit.aggregate.count,
      amount: credit.aggregate.sum.MontantTTC,
      resteDu: credit.aggregate.sum.ResteDu,
    },
  });
}
