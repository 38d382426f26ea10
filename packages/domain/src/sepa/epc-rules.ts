import { electronicFormatIBAN, extractIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';

/**
 * Field rules of the EPC SDD Core implementation guidelines (EPC130-08) and the ISO 20022
 * pain.008 schemas that a file must follow to be accepted whole by a bank. Each rule is a
 * small predicate; the French reasons are built in sepa-preflight.ts.
 */

/** ISO 20022 MaxNText lengths of the elements we write (pain.008 and pain.001 alike). */
export const SEPA_MAX_LENGTH = {
  /** Max35Text identifiers: MsgId, PmtInfId, EndToEndId, InstrId, MndtId. */
  identifier: 35,
  name: 70,
  addressLine: 70,
  streetName: 70,
  /** BldgNb (Max16Text), written by pain.001 payouts. */
  buildingNumber: 16,
  postCode: 16,
  townName: 35,
  remittance: 140,
} as const;

/** EPC IG: an instructed amount is at least 0.01 and at most 999999999.99 EUR. */
export const SEPA_MAX_AMOUNT_CENTS = 99_999_999_999;

/** The EPC basic Latin set (IG section 1.4): a-z A-Z 0-9 / - ? : ( ) . , ' + and space. */
const EPC_LATIN = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

/** Why an identifier (RUM, EndToEndId, MsgId...) breaks the EPC rules, or null when it is fine. */
export type IdentifierProblem = 'vide' | 'trop_long' | 'caractere' | 'barre_bord' | 'double_barre';

/**
 * EPC IG 1.4 "references, identifications and identifiers": Latin set only, at most 35
 * characters, must not start or end with '/' and must not contain '//'.
 */
export function identifierProblem(value: string): IdentifierProblem | null {
  if (value.trim() === '') return 'vide';
  if (value.length > SEPA_MAX_LENGTH.identifier) return 'trop_long';
  if (!EPC_LATIN.test(value)) return 'caractere';
  if (value.startsWith('/') || value.endsWith('/')) return 'barre_bord';
  if (value.includes('//')) return 'double_barre';
  return null;
}

export function normalizeIban(iban: string): string {
  return electronicFormatIBAN(iban) ?? '';
}

/** The European Economic Area: the EU 27 with Iceland, Liechtenstein and Norway. */
const EEA_COUNTRIES = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK IS LI NO'.split(' '),
);

/**
 * EPC SDD Core implementation guidelines (AT-D002, the debtor bank's BIC): optional within the
 * EEA, mandatory when the debtor's account is in a SEPA country outside it (CH, GB, MC, SM, VA,
 * AD, GI...), where "NOTPROVIDED" would make the bank reject the debit.
 */
export function bicRequiredFor(iban: string): boolean {
  const country = normalizeIban(iban).slice(0, 2);
  return country.length === 2 && !EEA_COUNTRIES.has(country);
}

export type IbanProblem = { kind: 'invalide' } | { kind: 'hors_sepa'; country: string };

/**
 * SDD Core rulebook 1.4 (reachability): the debtor's account must be held in a country of
 * the SEPA schemes' geographical scope (EPC409-09: EEA, CH, GB, MC, SM, VA, AD, GI...), as
 * ibantools lists it. A Turkish IBAN is a valid IBAN but not a SEPA one.
 */
export function ibanProblem(iban: string): IbanProblem | null {
  const compact = normalizeIban(iban);
  if (!isValidIBAN(compact)) return { kind: 'invalide' };
  const country = compact.slice(0, 2);
  return isSEPACountry(country) ? null : { kind: 'hors_sepa', country };
}

/** A BIC as typed (spaces removed, upper case); empty when none. */
export function compactBic(bic: string | null | undefined): string {
  return bic?.replace(/\s+/g, '').toUpperCase() ?? '';
}

/** ISO 9362: 4 bank letters/digits, 2-letter country, 2 location, optional 3 branch (8 or 11). */
export function isWellFormedBic(bic: string): boolean {
  return /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic) && isValidBIC(bic);
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day yyyy-mm-dd; false (never a throw) for month 00 or 99, day 00, 31 February... */
export function isIsoDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** SDD Core rulebook 4.5 (AT-25): a collection is only made under a mandate signed on or before its date. */
export function mandateSignedInTime(signedOn: string, collectionDate: string): boolean {
  return isIsoDay(signedOn) && signedOn <= collectionDate;
}

/** EPC IG: ActiveOrHistoricCurrencyAndAmount, at least 0.01 and at most 999999999.99 EUR. */
export function isSepaAmount(cents: number): boolean {
  return Number.isInteger(cents) && cents > 0 && cents <= SEPA_MAX_AMOUNT_CENTS;
}

/**
 * The bank of an IBAN (country + national bank identifier, from the IBAN registry through
 * ibantools), to tell a change of bank (SMNDA) from a change of account at the same bank.
 */
export function ibanBank(iban: string): string {
  const parts = extractIBAN(normalizeIban(iban));
  return `${parts.countryCode ?? ''}:${parts.bankIdentifier ?? parts.bban ?? ''}`;
}
