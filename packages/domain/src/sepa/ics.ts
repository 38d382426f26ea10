/**
 * Identifiant Créancier SEPA (ICS), e.g. FR72ZZZ123456: country, 2 check digits, a
 * 3-character business code ignored by the check, then the national identifier. The
 * check digits are ISO 7064 mod 97-10 over national identifier + country + "00".
 */
const ICS_SHAPE = /^([A-Z]{2})(\d{2})([A-Z0-9]{3})([A-Z0-9]{1,28})$/;

function mod97(digits: string): number {
  let remainder = 0;
  for (let i = 0; i < digits.length; i += 7) remainder = Number(String(remainder) + digits.slice(i, i + 7)) % 97;
  return remainder;
}

const lettersToDigits = (text: string) => text.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));

/** The two check digits of an ICS made of `country` and `nationalId`. */
export function icsCheckDigits(country: string, nationalId: string): string {
  return String(98 - mod97(lettersToDigits(`${nationalId}${country}00`))).padStart(2, '0');
}

export function isValidIcs(ics: string): boolean {
  const match = ICS_SHAPE.exec(ics.replace(/\s+/g, '').toUpperCase());
  if (!match) return false;
  const [, country, check, , nationalId] = match as unknown as [string, string, string, string, string];
  return ics.length <= 35 && icsCheckDigits(country, nationalId) === check;
}
