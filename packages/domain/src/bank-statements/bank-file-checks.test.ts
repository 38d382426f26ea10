import { describe, expect, it } from 'vitest';
import { isIsoDay } from '../sepa/epc-rules';
import {
  firstControlCharacter,
  firstControlCharacterReference,
  isBankFileDay,
  statementDatedAfter,
} from './bank-file-checks';
import { BANK_STATEMENT_TEXT } from './bank-statement-messages';

describe('R-BANK-08: what every bank file respects before anything of it is stored', () => {
  it('isBankFileDay: a real day of the years 1900 to 2099', () => {
    for (const day of ['1900-01-01', '2026-03-10', '2024-02-29', '2099-12-31']) expect(isBankFileDay(day)).toBe(true);
    for (const day of [
      '0000-01-01',
      '1899-12-31',
      '2100-01-01',
      '9999-12-31',
      '2026-02-29',
      '2026-00-10',
      '2026-13-01',
    ]) {
      expect(isBankFileDay(day), day).toBe(false);
    }
  });

  it('isIsoDay answers false, never throws, for month or day 00 or 99 (it threw a RangeError: HTTP 500)', () => {
    for (const day of ['2000-00-00', '2099-99-99', '2026-01-00', '2026-02-31']) {
      expect(() => isIsoDay(day)).not.toThrow();
      expect(isIsoDay(day)).toBe(false);
    }
    expect(isIsoDay('0000-01-01')).toBe(true); // a real ISO day, refused by isBankFileDay
  });

  it('firstControlCharacter: NUL, the other C0 characters and DEL, except the separators allowed', () => {
    expect(firstControlCharacter('VIR RECU')).toBeNull();
    expect(firstControlCharacter('VIR\u0000RECU')).toEqual({ index: 3, code: 0 });
    expect(firstControlCharacter('a\r\nb\u007F', '\r\n')).toEqual({ index: 4, code: 127 });
    expect(firstControlCharacter('a\tb', '\r\n')).toEqual({ index: 1, code: 9 });
    expect(firstControlCharacter('a\tb\r\n', '\t\r\n')).toBeNull();
    // Latin letters, the euro sign and non-breaking spaces are text, not control characters.
    expect(firstControlCharacter('Élodie Œuvre 12,50 €\u00A0')).toBeNull();
  });

  it('firstControlCharacterReference: &#0; &#x1B; &#127; are refused; &#10; &#x9; and letters are not', () => {
    expect(firstControlCharacterReference('<a>x&#0;</a>')).toEqual({ index: 4, code: 0 });
    expect(firstControlCharacterReference('<a>&#233;&#x1B;</a>')).toEqual({ index: 9, code: 27 });
    expect(firstControlCharacterReference('<a>&#127;</a>')).toEqual({ index: 3, code: 127 });
    expect(firstControlCharacterReference('<a>&#10;&#x9;&#xD;&#233;&amp;</a>')).toBeNull();
  });

  it('statementDatedAfter: the latest day of a statement after today (Paris), else null', () => {
    const today = '2026-11-28';
    expect(statementDatedAfter({ fromDate: '2026-11-27', toDate: '2026-11-28' }, today)).toBeNull();
    expect(statementDatedAfter({ fromDate: '2026-11-28', toDate: '2026-11-29' }, today)).toBe('2026-11-29');
    expect(statementDatedAfter({ fromDate: '2098-06-15', toDate: '2026-11-01' }, today)).toBe('2098-06-15');
  });

  it('its refusals are French and name the date or the character', () => {
    expect(BANK_STATEMENT_TEXT.dateOutOfRange('9999-12-31')).toBe('« 9999-12-31 » hors des années 1900 à 2099');
    expect(BANK_STATEMENT_TEXT.controlCharacter(0, 'ligne 3')).toBe(
      'caractère de contrôle (code 0, NUL) ligne 3, interdit dans un fichier bancaire',
    );
    expect(BANK_STATEMENT_TEXT.datedAfterToday('STMT-1', '2098-06-15')).toBe(
      'Le relevé STMT-1 est daté du 15/06/2098, après aujourd’hui : un relevé ne porte que sur des jours passés, import refusé.',
    );
  });
});
