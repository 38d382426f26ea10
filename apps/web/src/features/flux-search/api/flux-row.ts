/** One results row, as the search query selects it (R-SEARCH-08). */
export interface FluxRow {
  id: number;
  NomFluxFinancier: string;
  Z_DateCreation: string;
  MontantTTC: string | number;
  EST_Debit: boolean;
  /** With the return below, the row's payment status (fluxPaymentStatus, R-FLUX-08). */
  EST_Reglement: boolean;
  /** R-FLUX-09: the day it was settled (yyyy-mm-dd), null unless settled; 'Réglé le …'. */
  DateReglement?: string | null;
  ID_FluxFinancierRelance: number | null;
  /** The structure the flux belongs to: its name links to its page ('Situation de la structure'). */
  ID_Structure?: number;
  STR_Structure: { NomStructure: string } | null;
  UTI_Utilisateur: { CT_Nom: string | null; CT_Prenom: string | null; LicenceNumero: number | null } | null;
  /** The bank's reject or return of a direct debit (R-RET-02): the row's 'Rejeté' badge. */
  MKP_RetourPrelevement?: FluxReturn | null;
}

/** MKP_RetourPrelevement as the search reads it (read-only, ADR 0012). */
export interface FluxReturn {
  CodeRaison: string | null;
  DateRetour: string;
  TypeRetour: 'rejet' | 'retour';
}

export const FLUX_ROW_FIELDS = `id NomFluxFinancier Z_DateCreation MontantTTC EST_Debit EST_Reglement DateReglement ID_FluxFinancierRelance ID_Structure
  STR_Structure { NomStructure }
  UTI_Utilisateur { CT_Nom CT_Prenom LicenceNumero }
  MKP_RetourPrelevement { CodeRaison DateRetour TypeRetour }`;

export type FluxOrderBy = Record<string, unknown>[];
