import type { ExportFields } from '@gdf/file-formats';
import type { FluxRow } from '../api/flux-row';

/** Amounts as numbers, so a spreadsheet can sum them; '' (the default value) where not applicable. */
const signedAmount = (row: FluxRow, debit: boolean) => (row.EST_Debit === debit ? Number(row.MontantTTC) : null);

/** R-SEARCH-17, export columns: N° de flux, Structure, Libellé, Débit, Crédit, Date création. */
export const FLUX_EXPORT_FIELDS: ExportFields = {
  'N° de flux': 'id',
  Structure: 'STR_Structure.NomStructure',
  Libellé: 'NomFluxFinancier',
  Débit: { callback: (row: FluxRow) => signedAmount(row, true) },
  Crédit: { callback: (row: FluxRow) => signedAmount(row, false) },
  'Date création': { callback: (row: FluxRow) => new Date(row.Z_DateCreation) },
};
