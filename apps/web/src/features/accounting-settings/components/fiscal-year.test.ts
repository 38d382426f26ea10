import type { FiscalYearView } from '@gdf/domain';
import { describe, expect, it } from 'vitest';
import {
  defaultValidationDate,
  hasEnded,
  newestFirst,
  validationDateBounds,
  validationDateProblem,
} from './fiscal-year';

const year: FiscalYearView = {
  id: 2,
  debut: '2025-09-01',
  fin: '2026-08-31',
  libelle: '2025-2026',
  statut: 'ouvert',
  valideJusquau: null,
  dateCloture: null,
  validations: [],
};

describe('Fiscal years on the settings page', () => {
  it('validates up to today by default, or up to the last day of a year already over', () => {
    expect(defaultValidationDate(year, '2026-03-15')).toBe('2026-03-15');
    expect(defaultValidationDate(year, '2026-11-02')).toBe('2026-08-31');
  });

  it('R-UI-18: offers only the days the field accepts, and never a default it would refuse', () => {
    const validated = { ...year, valideJusquau: '2026-03-15' };
    expect(validationDateBounds(validated, '2026-05-10')).toEqual({ min: '2026-03-16', max: '2026-05-10' });
    expect(validationDateBounds(year, '2026-11-02')).toEqual({ min: '2025-09-01', max: '2026-08-31' });
    // Validated up to today: today would be refused, and so would any other day.
    expect(defaultValidationDate(validated, '2026-03-15')).toBe('');
    expect(validationDateProblem(defaultValidationDate(validated, '2026-05-10'), validated)).toBeNull();
    // A month end: the day after rolls into the next month.
    expect(validationDateBounds({ ...year, valideJusquau: '2026-02-28' }, '2026-05-10').min).toBe('2026-03-01');
  });

  it('lets a year be closed only once its last day is past', () => {
    expect(hasEnded(year, '2026-08-31')).toBe(false);
    expect(hasEnded(year, '2026-09-01')).toBe(true);
  });

  it('lists the newest year first', () => {
    const older = { ...year, id: 1, debut: '2024-09-01', fin: '2025-08-31', libelle: '2024-2025' };
    expect(newestFirst([older, year]).map((y) => y.id)).toEqual([2, 1]);
  });

  it('refuses a date that is not a day, outside the year, or already validated', () => {
    expect(validationDateProblem('2026-02-30', year)).toBe('Date incomplète ou inexistante.');
    expect(validationDateProblem('', year)).toBe('Date incomplète ou inexistante.');
    expect(validationDateProblem('2026-09-01', year)).toBe(
      'La date doit être comprise entre le 01/09/2025 et le 31/08/2026.',
    );
    expect(validationDateProblem('2025-12-31', { ...year, valideJusquau: '2025-12-31' })).toBe(
      'Les écritures sont déjà validées jusqu’au 31/12/2025.',
    );
    expect(validationDateProblem('2026-01-01', { ...year, valideJusquau: '2025-12-31' })).toBeNull();
    expect(validationDateProblem('2026-08-31', year)).toBeNull();
  });
});
