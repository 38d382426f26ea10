// The whitelists of the columns a flux write may set, with their SQL types: the repository
// casts to them, the GraphQL mutation input types list them.

/** SQL types of the flux columns a mutation may set (the whitelist of settable columns). */
export const FLUX_WRITABLE_COLUMNS = {
  NomFluxFinancier: 'text',
  Z_DateCreation: 'timestamptz',
  MontantHT: 'numeric',
  MontantTVA: 'numeric',
  MontantTTC: 'numeric',
  EST_Debit: 'boolean',
  EST_Reglement: 'boolean',
  ID_CategoryFlux: 'integer',
  ID_FluxFinancierDebit: 'integer',
  ID_Saison: 'integer',
  ID_Structure: 'integer',
  ID_Utilisateur: 'integer',
  DateEcheance: 'date',
} as const;
export type FluxWritableColumn = keyof typeof FLUX_WRITABLE_COLUMNS;

export const DETAIL_WRITABLE_COLUMNS = {
  NomFluxFinancierDetail: 'text',
  PrixUnitaire: 'numeric',
  Quantite: 'integer',
  MontantHT: 'numeric',
  MontantTTC: 'numeric',
  EST_Debit: 'boolean',
  ID_Tarif: 'integer',
} as const;
export type DetailWritableColumn = keyof typeof DETAIL_WRITABLE_COLUMNS;

export type ColumnValues<Column extends string> = Partial<Record<Column, unknown>>;
