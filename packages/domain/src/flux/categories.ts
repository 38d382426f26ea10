/**
 * Flux categories (R-FLUX-03): 4 is an invoice payable by bank transfer
 * (payment-terms block), 5 a SEPA direct debit (no payment-terms block, can be relaunched).
 * Ids are stable data that rules refer to; the table can gain categories.
 */
export const FluxCategory = {
  Licence: 1,
  Assurance: 2,
  Affiliation: 3,
  Facture: 4,
  Prelevement: 5,
  Remboursement: 6,
} as const;
export type FluxCategoryId = (typeof FluxCategory)[keyof typeof FluxCategory];

export const FLUX_CATEGORY_NAMES: Record<FluxCategoryId, string> = {
  1: 'Licence',
  2: 'Assurance',
  3: 'Affiliation',
  4: 'Facture',
  5: 'Prélèvement SEPA',
  6: 'Remboursement',
};
