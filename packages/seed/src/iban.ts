import type { Rng } from './random';

/**
 * French bank details with real check digits, computed here (mod 97) rather than taken
 * from a library so the generator has no dependency beyond faker; the tests check the
 * result independently with ibantools.
 */

/** Remainder modulo 97 of a long digit string, in slices that stay exact as numbers. */
function mod97(digits: string): number {
  let remainder = 0;
  for (let i = 0; i < digits.length; i += 7) {
    remainder = Number(String(remainder) + digits.slice(i, i + 7)) % 97;
  }
  return remainder;
}

/** Letters become numbers (A=10 ... Z=35), as ISO 13616 asks. */
function lettersToDigits(text: string): string {
  return text.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
}

/**
 * Clé RIB: 97 - ((89 x bank + 15 x branch + 3 x account) mod 97), which for a numeric
 * account is the same as 97 - ((bank branch account 00) mod 97) on the joined digits.
 */
function ribKey(bank: string, branch: string, account: string): string {
  return String(97 - mod97(`${bank}${branch}${account}00`)).padStart(2, '0');
}

/** ISO 13616 check digits for a BBAN in country `country`. */
function ibanCheckDigits(country: string, bban: string): string {
  const remainder = mod97(lettersToDigits(`${bban}${country}00`));
  return String(98 - remainder).padStart(2, '0');
}

export function isValidFrenchIban(iban: string): boolean {
  if (!/^FR\d{2}[0-9A-Z]{23}$/.test(iban)) return false;
  return mod97(lettersToDigits(iban.slice(4) + iban.slice(0, 4))) === 1;
}

/** A French bank with its five-digit bank code and its BIC (public identifiers). */
export interface FrenchBank {
  code: string;
  name: string;
  bic: string;
}

export const FRENCH_BANKS: readonly FrenchBank[] = [
  { code: '30004', name: 'BNP Paribas', bic: 'BNPAFRPPXXX' },
  { code: '30003', name: 'Société Générale', bic: 'SOGEFRPPXXX' },
  { code: '30002', name: 'LCL', bic: 'CRLYFRPPXXX' },
  { code: '20041', name: 'La Banque Postale', bic: 'PSSTFRPPXXX' },
  { code: '10278', name: 'Crédit Mutuel', bic: 'CMCIFR2AXXX' },
  { code: '16606', name: 'Crédit Agricole', bic: 'AGRIFRPP866' },
  { code: '11315', name: "Caisse d'Epargne", bic: 'CEPAFRPP131' },
  { code: '10907', name: 'Banque Populaire', bic: 'CCBPFRPPBDX' },
  { code: '42559', name: 'Crédit Coopératif', bic: 'CCOPFRPPXXX' },
];

export interface GeneratedRib {
  iban: string;
  bic: string;
  bank: string;
}

/** A random but valid French IBAN (valid clé RIB and IBAN check digits). */
export function randomFrenchRib(rng: Rng, bank: FrenchBank = rng.pick(FRENCH_BANKS)): GeneratedRib {
  const branch = rng.digits(5);
  const account = rng.digits(11);
  const bban = `${bank.code}${branch}${account}${ribKey(bank.code, branch, account)}`;
  return { iban: `FR${ibanCheckDigits('FR', bban)}${bban}`, bic: bank.bic, bank: bank.name };
}

/** A nine-digit SIREN with a valid Luhn check digit, as INSEE issues them. */
export function randomSiren(rng: Rng): string {
  const body = rng.digits(8);
  for (let check = 0; check <= 9; check++) {
    const candidate = body + String(check);
    if (luhnValid(candidate)) return candidate;
  }
  throw new Error('unreachable');
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}
