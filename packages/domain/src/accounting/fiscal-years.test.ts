import { describe, expect, it } from 'vitest';
import {
  addDays,
  closingRefusal,
  entryDate,
  entryDatesBetween,
  entryNumberText,
  fiscalYearLabel,
  fiscalYearOf,
  fiscalYearsBetween,
  type FiscalYearState,
} from './fiscal-years';

const year = (debut: string, fin: string, extra: Partial<FiscalYearState> = {}): FiscalYearState => ({
  debut,
  fin,
  statut: 'ouvert',
  valideJusquau: null,
  ...extra,
});

describe('fiscal years (R-LEDG-06): default 1 September - 31 August, the season', () => {
  it('a day belongs to the year starting on the last 1st of the start month', () => {
    expect(fiscalYearOf('2025-09-01', 9)).toEqual({ debut: '2025-09-01', fin: '2026-08-31' });
    expect(fiscalYearOf('2026-08-31', 9)).toEqual({ debut: '2025-09-01', fin: '2026-08-31' });
    expect(fiscalYearOf('2024-02-29', 3)).toEqual({ debut: '2023-03-01', fin: '2024-02-29' });
    expect(fiscalYearOf('2026-05-17', 1)).toEqual({ debut: '2026-01-01', fin: '2026-12-31' });
  });

  it('lists the years between two days, and labels them', () => {
    const years = fiscalYearsBetween('2024-10-02', '2026-09-01', 9);
    expect(years.map(fiscalYearLabel)).toEqual(['2024-2025', '2025-2026', '2026-2027']);
    expect(fiscalYearLabel(fiscalYearOf('2026-05-17', 1))).toBe('2026');
  });
});

describe('entry date: nothing is back-dated into a validated range (R-LEDG-08)', () => {
  const closed = year('2024-09-01', '2025-08-31', { statut: 'cloture', valideJusquau: '2025-08-31' });
  const current = year('2025-09-01', '2026-08-31', { valideJusquau: '2025-12-31' });

  it('a day after the validated range keeps its date', () => {
    expect(entryDate('2026-01-15', [closed, current])).toBe('2026-01-15');
  });
  it('a day inside the validated range goes to the first open day', () => {
    expect(entryDate('2025-10-03', [closed, current])).toBe('2026-01-01');
  });
  it('a day of a closed year goes to the next open year', () => {
    expect(entryDate('2025-02-03', [closed, current])).toBe('2026-01-01');
    expect(entryDate('2025-02-03', [closed, year('2025-09-01', '2026-08-31')])).toBe('2025-09-01');
  });
  it('a year validated to its end but not closed takes no more entries either', () => {
    const full = year('2025-09-01', '2026-08-31', { valideJusquau: '2026-08-31' });
    expect(entryDate('2026-03-01', [closed, full, year('2026-09-01', '2027-08-31')])).toBe('2026-09-01');
    expect(entryDate('2026-03-01', [closed, full])).toBeNull();
  });
});

it('entryDatesBetween gives entryDate for every day, in one pass', () => {
  const years: FiscalYearState[] = [
    year('2023-09-01', '2024-08-31', { statut: 'cloture', valideJusquau: '2024-08-31' }),
    year('2024-09-01', '2025-08-31', { valideJusquau: '2025-08-31' }),
    year('2025-09-01', '2026-08-31', { valideJusquau: '2026-02-14' }),
    year('2026-09-01', '2027-08-31'),
  ];
  const { days, dates } = entryDatesBetween('2023-01-01', '2027-12-31', years);
  expect(days).toHaveLength(1826);
  expect(days[1]).toBe(addDays(days[0]!, 1));
  days.forEach((day, index) => expect(dates[index], day).toBe(entryDate(day, years)));
  expect(dates[0]).toBe('2026-02-15'); // before the first year: the first open day
  expect(dates.at(-1)).toBeNull(); // after the last year: no year holds it yet
});

describe('closing (PCG art. 911-4): after the year ends, in order', () => {
  const previous = year('2024-09-01', '2025-08-31');
  const current = year('2025-09-01', '2026-08-31');
  it('refuses a year not ended, a year after an open one, a closed year', () => {
    expect(closingRefusal(current, [], '2026-08-31')).toMatch(/après sa fin/);
    expect(closingRefusal(current, [previous], '2026-11-23')).toBe("Clôturez d'abord l'exercice 2024-2025.");
    expect(closingRefusal({ ...previous, statut: 'cloture' }, [], '2026-11-23')).toMatch(/déjà clôturé/);
    expect(closingRefusal(previous, [], '2026-11-23')).toBeNull();
  });
});

it('EcritureNum: journal, year, continuous sequence (BOI-CF-IOR-60-40-20)', () => {
  expect(entryNumberText('VE', { debut: '2025-09-01', fin: '2026-08-31' }, 42)).toBe('VE2026-000042');
});
