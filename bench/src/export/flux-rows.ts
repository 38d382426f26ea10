import type { ExportFields } from '@gdf/file-formats';

/** A flux as the search API returns it: amounts as decimal strings, dates as ISO text. */
export interface FluxRow {
  id: number;
  NomFluxFinancier: string;
  MontantTTC: string;
  EST_Debit: boolean;
  Z_DateCreation: string;
  STR_Structure: { NomStructure: string };
}

const LABELS = ['Licence adulte', 'Licence jeune', 'Assurance base+', 'Affiliation club', 'Formation initiateur'];
const CLUBS = ['Club Alpin de Lyon', 'Grimpe & Cie Grenoble', 'Escalade "Les Vertiges"', 'Vertical Paris 19e'];

/** `count` deterministic flux (no randomness: every run exports the same bytes). */
export function fluxRows(count: number): FluxRow[] {
  const start = Date.UTC(2023, 8, 1);
  return Array.from({ length: count }, (_, index) => ({
    id: 1_000_000 + index,
    NomFluxFinancier: `${LABELS[index % LABELS.length]} saison 2023-2024, n° ${index}`,
    MontantTTC: (((index * 7919) % 100_000) / 100).toFixed(2),
    EST_Debit: index % 3 !== 0,
    Z_DateCreation: new Date(start + (index % 300) * 86_400_000 + (index % 7) * 3_600_000).toISOString(),
    STR_Structure: { NomStructure: `${CLUBS[index % CLUBS.length]} ${index % 950}` },
  }));
}

/** The flux page's export columns (R-SEARCH-17), with typed amounts and dates. */
export const fluxExportFields: ExportFields = {
  'N° de flux': 'id',
  Structure: 'STR_Structure.NomStructure',
  Libellé: 'NomFluxFinancier',
  Débit: { callback: (flux: FluxRow) => (flux.EST_Debit ? Number(flux.MontantTTC) : null) },
  Crédit: { callback: (flux: FluxRow) => (flux.EST_Debit ? null : Number(flux.MontantTTC)) },
  'Date création': { field: 'Z_DateCreation', callback: (iso: string) => new Date(iso) },
};
