import { describe, expect, it } from 'vitest';
import { frenchIbanFromCfonbAccount, isOwnAccount, ribKey, statementAccountIban } from './account';

describe('French account of a CFONB 120 statement (clé RIB, then ISO 13616 check digits)', () => {
  it('computes the clé RIB of the textbook account 30006 00001 12345678901', () => {
    expect(ribKey('30006', '00001', '12345678901')).toBe('89');
  });

  it('converts letters of the account number with the French table (A=1, J=1, S=2)', () => {
    // 'A' counts as 1: same key as the same number with 1 in its place.
    expect(ribKey('30006', '00001', '1234567890A')).toBe(ribKey('30006', '00001', '12345678901'));
    expect(ribKey('30006', '00001', '1234567890S')).toBe(ribKey('30006', '00001', '12345678902'));
  });

  it('builds the IBAN FR76 3000 6000 0112 3456 7890 189 from the 21-character BBAN', () => {
    expect(frenchIbanFromCfonbAccount('300060000112345678901')).toBe('FR7630006000011234567890189');
    expect(frenchIbanFromCfonbAccount('3000600001')).toBeNull();
  });

  it('reads the account whichever way the statement wrote it', () => {
    expect(statementAccountIban({ iban: 'fr76 3000 6000 0112 3456 7890 189', bban: null })).toBe(
      'FR7630006000011234567890189',
    );
    expect(statementAccountIban({ iban: null, bban: '300060000112345678901' })).toBe('FR7630006000011234567890189');
  });
});

describe('R-BANK-01: a statement is imported only for one of the head office accounts', () => {
  const own = ['FR76 3000 6000 0112 3456 7890 189'];

  it('accepts the head office account given as IBAN or as CFONB BBAN', () => {
    expect(isOwnAccount({ iban: 'FR7630006000011234567890189', bban: null }, own)).toBe(true);
    expect(isOwnAccount({ iban: null, bban: '300060000112345678901' }, own)).toBe(true);
  });

  it('refuses another account, a foreign IBAN and an unreadable account', () => {
    expect(isOwnAccount({ iban: null, bban: '300060000112345678902' }, own)).toBe(false);
    expect(isOwnAccount({ iban: 'DE89370400440532013000', bban: null }, own)).toBe(false);
    expect(isOwnAccount({ iban: null, bban: null }, own)).toBe(false);
    expect(isOwnAccount({ iban: 'FR7630006000011234567890189', bban: null }, [])).toBe(false);
  });
});
