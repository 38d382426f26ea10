// The whitelists of the columns a flux write may set, with their SQL types read from the
// Drizzle schema: the repository casts to them, the GraphQL mutation input types list them.
import { columnCasts } from '../../db/column-types';
import { MKP_FluxFinancier, MKP_FluxFinancierDetail } from '../../db/schema/index';

/** The flux columns a mutation may set (the whitelist of settable columns), cast as the schema types them. */
export const FLUX_WRITABLE_COLUMNS = columnCasts(MKP_FluxFinancier, [
  'NomFluxFinancier',
  'Z_DateCreation',
  'MontantHT',
  'MontantTVA',
  'MontantTTC',
  'EST_Debit',
  'EST_Reglement',
  'ID_CategoryFlux',
  'ID_FluxFinancierDebit',
  'ID_Saison',
  'ID_Structure',
  'ID_Utilisateur',
  'DateEcheance',
]);
export type FluxWritableColumn = keyof typeof FLUX_WRITABLE_COLUMNS;

export const DETAIL_WRITABLE_COLUMNS = columnCasts(MKP_FluxFinancierDetail, [
  'NomFluxFinancierDetail',
  'PrixUnitaire',
  'Quantite',
  'MontantHT',
  'MontantTTC',
  'EST_Debit',
  'ID_Tarif',
]);
export type DetailWritableColumn = keyof typeof DETAIL_WRITABLE_COLUMNS;

export type ColumnValues<Column extends string> = Partial<Record<Column, unknown>>;
