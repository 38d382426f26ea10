import { fluxSearchTotals, type FluxSearchTotals, type FluxWhere } from '@gdf/domain';
import { graphqlRequest } from '@/lib/graphql-client';

/**
 * The summary of a search (R-SEARCH-14, R-BAL-03), in one request over the same scoped `where`:
 * count and amounts split by EST_Debit, then the balance rule's figures (`MontantRegle`,
 * `ResteDu`, computed by the server: R-BAL-01) over the flux still open (neither settled nor
 * relaunched: the partial index of unpaid flux) and the relaunched debits. A closed flux owes
 * nothing and a settled debit was settled whole, so the sums over those few flux give the
 * figures of all of them, without reading every row of a season. No limit: the caller asks only
 * when the capped count was under the cap, or when the user asks ('Calculer les totaux').
 */
const TOTALS = `query FluxTotals(
  $debit: MKP_FluxFinancier_bool_exp!, $credit: MKP_FluxFinancier_bool_exp!,
  $openDebit: MKP_FluxFinancier_bool_exp!, $openCredit: MKP_FluxFinancier_bool_exp!,
  $relaunchedDebit: MKP_FluxFinancier_bool_exp!
) {
  debit: MKP_FluxFinancier_aggregate(where: $debit) { aggregate { count sum { MontantTTC } } }
  credit: MKP_FluxFinancier_aggregate(where: $credit) { aggregate { count sum { MontantTTC } } }
  openDebit: MKP_FluxFinancier_aggregate(where: $openDebit) { aggregate { sum { MontantTTC MontantRegle ResteDu } } }
  openCredit: MKP_FluxFinancier_aggregate(where: $openCredit) { aggregate { sum { ResteDu } } }
  relaunchedDebit: MKP_FluxFinancier_aggregate(where: $relaunchedDebit) { aggregate { sum { MontantTTC MontantRegle ResteDu } } }
}`;

type Amount = number | string | null;
type Sums = { aggregate: { count?: number; sum: Partial<Record<'MontantTTC' | 'MontantRegle' | 'ResteDu', Amount>> } };

const DEBIT = { EST_Debit: { _eq: true } };
const CREDIT = { EST_Debit: { _eq: false } };
const OPEN = { EST_Reglement: { _eq: false }, ID_FluxFinancierRelance: { _is_null: true } };
const RELAUNCHED = { EST_Reglement: { _eq: false }, ID_FluxFinancierRelance: { _is_null: false } };

export async function fetchFluxTotals(
  structureId: number,
  where: FluxWhere,
  signal?: AbortSignal,
): Promise<FluxSearchTotals> {
  const data = await graphqlRequest<Record<'debit' | 'credit' | 'openDebit' | 'openCredit' | 'relaunchedDebit', Sums>>(
    TOTALS,
    {
      debit: { _and: [where, DEBIT] },
      credit: { _and: [where, CREDIT] },
      openDebit: { _and: [where, DEBIT, OPEN] },
      openCredit: { _and: [where, CREDIT, OPEN] },
      relaunchedDebit: { _and: [where, DEBIT, RELAUNCHED] },
    },
    { structureId, signal },
  );
  const sum = (side: Sums, field: 'MontantTTC' | 'MontantRegle' | 'ResteDu') => side.aggregate.sum[field] ?? null;
  return fluxSearchTotals({
    debit: {
      count: data.debit.aggregate.count ?? 0,
      amount: sum(data.debit, 'MontantTTC'),
      // A relaunched debit still owes until its replacement, dated a month on, exists (R-BAL-01).
      resteDu: [sum(data.openDebit, 'ResteDu'), sum(data.relaunchedDebit, 'ResteDu')],
      unsettled: [data.openDebit, data.relaunchedDebit].map((side) => ({
        amount: sum(side, 'MontantTTC'),
        settled: sum(side, 'MontantRegle'),
      })),
    },
    credit: {
      count: data.credit.aggregate.count ?? 0,
      amount: sum(data.credit, 'MontantTTC'),
      resteDu: sum(data.openCredit, 'ResteDu'),
    },
  });
}
