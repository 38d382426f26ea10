import { compactBic, isWellFormedBic } from './epc-rules';

/** Why a structure cannot be collected by direct debit (listed to the user, never silently dropped). */
export type SepaExclusionCode =
  | 'sans_rib'
  | 'mandat_expire'
  | 'sans_rum'
  | 'sans_date_signature'
  | 'iban_invalide'
  | 'adresse_incomplete'
  // EPC rules checked on what the file would carry (sepa-preflight.ts).
  | 'iban_hors_sepa'
  | 'bic_invalide'
  | 'bic_obligatoire'
  | 'rum_invalide'
  | 'mandat_posterieur'
  | 'nom_vide'
  | 'ville_vide'
  | 'montant_invalide'
  | 'reference_invalide'
  // The day its invoice announced is after the collection date (R-SEPA-11, debit-notice.ts).
  | 'preavis';

/** The generic label of each code; the motif shown may add the faulty value (sepa-preflight.ts). */
export const SEPA_EXCLUSION_LABELS: Record<SepaExclusionCode, string> = {
  sans_rib: 'Aucun RIB enregistré',
  mandat_expire: 'Mandat de prélèvement expiré ou révoqué',
  sans_rum: 'Référence unique de mandat (RUM) manquante',
  sans_date_signature: 'Date de signature du mandat manquante',
  iban_invalide: 'IBAN invalide',
  adresse_incomplete: 'Adresse incomplète : ville et pays obligatoires (adresse structurée SEPA)',
  iban_hors_sepa: 'IBAN hors zone SEPA',
  bic_invalide: 'BIC mal formé',
  bic_obligatoire: 'BIC obligatoire pour un compte hors de l’EEE',
  rum_invalide: 'Référence unique de mandat (RUM) non conforme',
  mandat_posterieur: 'Mandat signé après la date d’échéance',
  nom_vide: 'Titulaire du compte vide une fois converti en caractères SEPA',
  ville_vide: 'Ville vide une fois convertie en caractères SEPA',
  montant_invalide: 'Montant hors des limites SEPA',
  reference_invalide: 'Référence de transaction non conforme',
  preavis: 'Date de prélèvement annoncée sur la facture postérieure à l’échéance',
};

/** A reason to leave a debtor out of a file: its code and the French text shown to the user. */
export interface SepaExclusion {
  code: SepaExclusionCode;
  motif: string;
}

export interface DebtorBankDetails {
  /** Null when the structure has no RIB at all. */
  iban: string | null;
  mandateValid: boolean | null;
  mandateReference: string | null;
  mandateSignedOn: string | null;
  town: string | null;
  country: string | null;
}

/**
 * The first missing piece that keeps this debtor out of a SEPA file, or null when all is
 * there; whether the values follow the EPC rules is sepa-preflight.ts's `debtorProblem`.
 */
export function sepaExclusion(debtor: DebtorBankDetails): SepaExclusionCode | null {
  if (debtor.iban === null || debtor.iban.trim() === '') return 'sans_rib';
  if (debtor.mandateValid !== true) return 'mandat_expire';
  if (!debtor.mandateReference?.trim()) return 'sans_rum';
  if (!debtor.mandateSignedOn) return 'sans_date_signature';
  if (!debtor.town?.trim() || !/^[A-Z]{2}$/.test(debtor.country ?? '')) return 'adresse_incomplete';
  return null;
}

/** A BIC to print, or null (the file then says NOTPROVIDED): for the creditor, whose BIC is optional. */
export function usableBic(bic: string | null | undefined): string | null {
  const compact = compactBic(bic);
  return compact !== '' && isWellFormedBic(compact) ? compact : null;
}
