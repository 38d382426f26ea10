import type { Cents } from '../money/money';
import { usableBic } from '../sepa/debtor-eligibility';
import { bicRequiredFor, ibanProblem, normalizeIban } from '../sepa/epc-rules';
import { toSepaText } from '../sepa/sepa-text';
import { DEFAULT_PAIN001_VERSION, type Pain001Version } from './pain001-types';

/**
 * R-PAY-06: why a ligue, comité or club is left out of a payout file (listed to the user with
 * its reason, never silently dropped). Checked on the values the pain.001 file would carry,
 * after transliteration to the EPC Latin set.
 */
export type PayoutExclusionCode =
  | 'structure_bloquee'
  | 'rien_a_verser'
  | 'sans_rib'
  | 'iban_hors_sepa'
  | 'bic_obligatoire'
  | 'adresse_incomplete'
  | 'nom_non_transmissible';

/** The generic label of each code; `payoutExclusionMotif` adds the country of a non-SEPA IBAN. */
export const PAYOUT_EXCLUSION_LABELS: Record<PayoutExclusionCode, string> = {
  structure_bloquee: 'Structure bloquée',
  rien_a_verser: 'Rien à verser',
  sans_rib: 'Pas de RIB valide',
  iban_hors_sepa: 'IBAN hors zone SEPA',
  bic_obligatoire: 'BIC obligatoire pour un compte hors de l’EEE',
  adresse_incomplete: 'Adresse postale incomplète (ville et pays nécessaires)',
  nom_non_transmissible: 'Nom du titulaire non transmissible en caractères SEPA',
};

/** What the file writes for the payee: the account holder, its account and its address. */
export interface PayeeAccount {
  /** The account holder (Cdtr/Nm). */
  name: string;
  /** Null when the structure has no RIB in use. */
  iban: string | null;
  bic: string | null;
  town: string | null;
  /** ISO 3166 alpha-2, e.g. FR. */
  country: string | null;
}

export interface Payee extends PayeeAccount {
  blocked: boolean;
  /** What the federation owes the structure, in cents. */
  dueCents: Cents;
}

/** The BIC patterns of each schema: BICFIDec2014Identifier (.09), the stricter BICIdentifier of 2009 (.03). */
const BIC_PATTERN: Record<Pain001Version, RegExp> = {
  'pain.001.001.09': /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/,
  'pain.001.001.03': /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/,
};

/** A well-formed BIC that this version's schema accepts (spaces removed, upper case), or null. */
export function pain001Bic(bic: string | null | undefined, version: Pain001Version): string | null {
  const usable = usableBic(bic);
  return usable !== null && BIC_PATTERN[version].test(usable) ? usable : null;
}

/** A valid IBAN of the SEPA zone, with a BIC the file can carry where the EPC requires one. */
function accountExclusion(payee: PayeeAccount, version: Pain001Version): PayoutExclusionCode | null {
  const iban = payee.iban?.trim() ? ibanProblem(payee.iban) : { kind: 'invalide' as const };
  if (iban?.kind === 'invalide') return 'sans_rib';
  if (iban?.kind === 'hors_sepa') return 'iban_hors_sepa';
  return bicRequiredFor(payee.iban ?? '') && pain001Bic(payee.bic, version) === null ? 'bic_obligatoire' : null;
}

/**
 * R-PAY-06 and R-SEPA-03 on the account and the address alone: a valid IBAN of the SEPA
 * zone, a BIC the file can carry where the EPC requires one (an account in a SEPA country
 * outside the EEA), a town and an ISO country that the structured address can carry, a holder
 * name that keeps at least one character once transliterated (Nm, Max70Text). Null when the
 * transfer can be written in a file of `version`.
 */
export function payeeAccountExclusion(
  payee: PayeeAccount,
  version: Pain001Version = DEFAULT_PAIN001_VERSION,
): PayoutExclusionCode | null {
  const account = accountExclusion(payee, version);
  if (account) return account;
  if (toSepaText(payee.town ?? '') === '' || !/^[A-Z]{2}$/.test(payee.country ?? '')) return 'adresse_incomplete';
  if (toSepaText(payee.name) === '') return 'nom_non_transmissible';
  return null;
}

/** The first reason that keeps this payee out of a payout file of `version` (R-PAY-06), or null. */
export function payeeExclusion(
  payee: Payee,
  version: Pain001Version = DEFAULT_PAIN001_VERSION,
): PayoutExclusionCode | null {
  if (payee.blocked) return 'structure_bloquee';
  if (payee.dueCents <= 0) return 'rien_a_verser';
  return payeeAccountExclusion(payee, version);
}

/** The French reason shown to the user: the label, with the IBAN's country when it is outside SEPA. */
export function payoutExclusionMotif(code: PayoutExclusionCode, payee: Pick<PayeeAccount, 'iban'>): string {
  const label = PAYOUT_EXCLUSION_LABELS[code];
  if (code === 'iban_hors_sepa' || code === 'bic_obligatoire') {
    return `${label} (${normalizeIban(payee.iban ?? '').slice(0, 2)})`;
  }
  return label;
}
