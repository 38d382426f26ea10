/**
 * A flux's payment status (R-FLUX-08): the badge of each results row and the
 * 'Statut' filter, one rule for both. Read from three facts the flux already holds:
 * - `EST_Reglement`: the flux is settled (set on payment; an imported SEPA return clears
 *   it again, ADR 0012);
 * - `ID_FluxFinancierRelance`: the flux was relaunched (R-FLUX-05: the relaunch
 *   creates a new direct debit dated a month later and marks this one);
 * - a row in `MKP_RetourPrelevement`: the bank rejected or returned this direct debit.
 *
 * In this order, the first that holds wins:
 * 1. 'paye'    settled (EST_Reglement), whatever happened before;
 * 2. 'relance' not settled and relaunched (the new debit carries the claim now);
 * 3. 'rejete'  not settled, not relaunched, and returned or rejected by the bank;
 * 4. 'impaye'  anything else not settled.
 * So 'rejeté' is "a direct debit the bank returned, neither paid nor relaunched since".
 */
import type { FluxWhere } from './search-filters';

export const FLUX_PAYMENT_STATUSES = ['paye', 'impaye', 'relance', 'rejete'] as const;
export type FluxPaymentStatus = (typeof FLUX_PAYMENT_STATUSES)[number];

export const FLUX_PAYMENT_STATUS_LABELS: Record<FluxPaymentStatus, string> = {
  paye: 'Payé',
  impaye: 'Impayé',
  relance: 'Relancé',
  rejete: 'Rejeté',
};

export interface PaymentStatusFacts {
  EST_Reglement: boolean;
  ID_FluxFinancierRelance: number | null;
  /** The bank's return of this flux (MKP_RetourPrelevement), null or absent when none. */
  MKP_RetourPrelevement?: unknown;
}

export function fluxPaymentStatus(flux: PaymentStatusFacts): FluxPaymentStatus {
  if (flux.EST_Reglement) return 'paye';
  if (flux.ID_FluxFinancierRelance !== null) return 'relance';
  if (flux.MKP_RetourPrelevement !== null && flux.MKP_RetourPrelevement !== undefined) return 'rejete';
  return 'impaye';
}

export function isFluxPaymentStatus(value: unknown): value is FluxPaymentStatus {
  return typeof value === 'string' && (FLUX_PAYMENT_STATUSES as readonly string[]).includes(value);
}

const RETURNED: FluxWhere = { MKP_RetourPrelevement: { id: { _is_null: false } } };

/** The GraphQL where selecting exactly the flux `fluxPaymentStatus` gives `status`. */
export function fluxPaymentStatusWhere(status: FluxPaymentStatus): FluxWhere {
  const unpaid = { EST_Reglement: { _eq: false } };
  const notRelaunched = { ID_FluxFinancierRelance: { _is_null: true } };
  switch (status) {
    case 'paye':
      return { EST_Reglement: { _eq: true } };
    case 'relance':
      return { _and: [unpaid, { ID_FluxFinancierRelance: { _is_null: false } }] };
    case 'rejete':
      return { _and: [unpaid, notRelaunched, RETURNED] };
    case 'impaye':
      return { _and: [unpaid, notRelaunched, { _not: RETURNED }] };
  }
}
