import { describe, expect, it } from 'vitest';
import { validationRefusal, type FiscalYearState } from './fiscal-years';
import { VALIDATION_DATE_INVALID } from './ledger-contracts';
import { validationDateContract } from './validation-date';

const year: FiscalYearState = { debut: '2025-09-01', fin: '2026-08-31', statut: 'ouvert', valideJusquau: '2026-03-31' };
const issuesOf = (jusquau: string) => {
  const result = validationDateContract(year).safeParse({ jusquau });
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('validationDateContract: the day entries are validated up to (R-LEDG-07, R-LEDG-08)', () => {
  it('a day that does not exist is refused on jusquau', () => {
    expect(issuesOf('2026-02-30')).toEqual([['jusquau', VALIDATION_DATE_INVALID]]);
    expect(issuesOf('')[0]).toEqual(['jusquau', VALIDATION_DATE_INVALID]);
  });

  it("outside the year or inside what is validated: the server's refusal, word for word", () => {
    const today = '2026-11-27';
    expect(issuesOf('2026-09-01')).toEqual([['jusquau', validationRefusal(year, '2026-09-01', today)]]);
    expect(issuesOf('2026-09-01')[0]?.[1]).toBe('La date doit être comprise entre le 01/09/2025 et le 31/08/2026.');
    expect(issuesOf('2026-03-31')).toEqual([['jusquau', validationRefusal(year, '2026-03-31', today)]]);
    expect(issuesOf('2026-03-31')[0]?.[1]).toBe('Les écritures sont déjà validées jusqu’au 31/03/2026.');
    expect(issuesOf('2026-04-01')).toEqual([]);
  });
});
