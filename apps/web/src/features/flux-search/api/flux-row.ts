/** One results row, as the search query selects it (SPEC.md section 3, "Results table columns"). */
export interface FluxRow {
  id: number;
  NomFluxFinancier: string;
  Z_DateCreation: string;
  MontantTTC: string | number;
  EST_Debit: boolean;
  STR_Structure: { NomStructure: string } | null;
  UTI_Utilisateur: { CT_Nom: string | null; CT_Prenom: string | null; LicenceNumero: number | null } | null;
}

export const FLUX_ROW_FIELDS = `id NomFluxFinancier Z_DateCreation MontantTTC EST_Debit
  STR_Structure { NomStructure }
  UTI_Utilisateur { CT_Nom CT_Prenom LicenceNumero }`;

export type FluxOrderBy = Record<string, unknown>[];
