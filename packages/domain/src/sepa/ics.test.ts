import { describe, expect, it } from 'vitest';
import { icsCheckDigits, isValidIcs } from './ics';

describe('ICS (identifiant créancier SEPA)', () => {
  it('accepts identifiers whose mod-97 check digits match', () => {
    expect(icsCheckDigits('FR', '123456')).toBe('72');
    expect(isValidIcs('FR72ZZZ123456')).toBe(true);
    expect(isValidIcs('fr72 zzz 123456')).toBe(true);
  });

  it('rejects wrong check digits and malformed identifiers', () => {
    expect(isValidIcs('FR12ZZZ123456')).toBe(false);
    expect(isValidIcs('FR72ZZZ')).toBe(false);
    expect(isValidIcs('72FRZZZ123456')).toBe(false);
    expect(isValidIcs('')).toBe(false);
  });
});
