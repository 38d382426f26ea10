import { describe, expect, it } from 'vitest';
import { departementCodeFromPostalCode } from './departement';

describe('departementCodeFromPostalCode', () => {
  it('takes the first two digits in metropolitan France', () => {
    expect(departementCodeFromPostalCode('69001')).toBe('69');
    expect(departementCodeFromPostalCode('01000')).toBe('01');
    expect(departementCodeFromPostalCode(' 75015 ')).toBe('75');
    expect(departementCodeFromPostalCode('95000')).toBe('95');
  });

  it('splits Corsica between 2A and 2B by range', () => {
    expect(departementCodeFromPostalCode('20000')).toBe('2A'); // Ajaccio
    expect(departementCodeFromPostalCode('20169')).toBe('2A'); // Bonifacio
    expect(departementCodeFromPostalCode('20200')).toBe('2B'); // Bastia
    expect(departementCodeFromPostalCode('20600')).toBe('2B');
  });

  it('keeps three digits overseas', () => {
    expect(departementCodeFromPostalCode('97110')).toBe('971');
    expect(departementCodeFromPostalCode('97400')).toBe('974');
    expect(departementCodeFromPostalCode('97600')).toBe('976');
    expect(departementCodeFromPostalCode('98800')).toBe('988');
  });

  it('rejects anything that is not a five-digit postal code', () => {
    for (const input of ['', '6900', '690011', '69 001', 'ABCDE', '00100', '2A000', '-6900']) {
      expect(departementCodeFromPostalCode(input), input).toBeNull();
    }
  });
});
