import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/** Why a structure cannot be collected by direct debit (listed to the user, never silently dropped). */
export type SepaExclusionCode =
  'sans_rib' | 'mandat_expire' | 'sans_rum' | 'sans_date_signature' | 'iban_invalide' | 'adresse_incomplete';

export const SEPA_EXCLUSION_LABELS: Record<SepaExclusionCode, string> = {
  sans_rib: 'Aucun RIB enregistré',
  mandat_expire: 'Mandat de prélèvement expiré ou révoqué',
  sans_rum: 'Référence unique de mandat (RUM) manquante',
  sans_date_signature: 'Date de signature du mandat manquante',
  iban_invalide: 'IBAN invalide',
  adresse_incomplete: 'Adresse incomplète (ville ou pays manquant)',
};

export interface DebtorBankDetails {
  /** Null when the structure has no RIB at all. */
  iban: string | null;
  mandateValid: boolean | null;
  mandateReference: string | null;
  mandateSignedOn: string | null;
  town: string | null;
  country: string | null;
}

const RUM_SHAPE = /^[A-Za-z0-9/\-?:().,'+ ]{1,35}$/;

/** The first reason that keeps this debtor out of a SEPA file, or null when it can be collected. */
export function sepaExclusion(debtor: DebtorBankDetails): SepaExclusionCode | null {
  if (debtor.iban === null) return 'sans_rib';
  if (debtor.mandateValid !== true) return 'mandat_expire';
  if (!debtor.mandateReference || !RUM_SHAPE.test(debtor.mandateReference)) return 'sans_rum';
  if (!debtor.mandateSignedOn) return 'sans_date_signature';
  if (!isValidIBAN(normalizeIban(debtor.iban))) return 'iban_invalide';
  if (!debtor.town?.trim() || !/^[A-Z]{2}$/.test(debtor.country ?? '')) return 'adresse_incomplete';
  return null;
}

export function normalizeIban(iban: string): string {
  return electronicFormatIBAN(iban) ?? '';
}

/** A BIC to print, or null (the file then says NOTPROVIDED): an invalid BIC is not worth a rejection. */
export function usableBic(bic: string | null | undefined): string | null {
  const compact = bic?.replace(/\s+/g, '').toUpperCase() ?? '';
  return compact !== '' && isValidBIC(compact) ? compact : null;
}
