import { validationDateContract, type FiscalYearView } from '@gdf/domain';
import { contractProblems } from '@/lib/forms';

/** Newest first: the year being kept sits on top, the closed ones below. */
export const newestFirst = (years: readonly FiscalYearView[]) =>
  [...years].sort((a, b) => b.debut.localeCompare(a.debut));

/** A year can be closed once its last day is past (`today` is the Paris day, YYYY-MM-DD). */
export const hasEnded = (year: FiscalYearView, today: string) => year.fin < today;

const dayAfter = (day: string) => {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
};

/**
 * R-UI-18: the days 'Valider jusqu’au' accepts: after what is already validated, inside the
 * year, not after today (the server's clock has the last word).
 */
export function validationDateBounds(year: FiscalYearView, today: string): { min: string; max: string } {
  const afterValidated = year.valideJusquau ? dayAfter(year.valideJusquau) : year.debut;
  return {
    min: afterValidated > year.debut ? afterValidated : year.debut,
    max: year.fin < today ? year.fin : today,
  };
}

/**
 * 'Valider jusqu’au' starts at the latest day it accepts: today, or the year's last day once it
 * is over; empty when no day is left to validate (a default the field would refuse helps nobody).
 */
export function defaultValidationDate(year: FiscalYearView, today: string): string {
  const { min, max } = validationDateBounds(year, today);
  return max >= min ? max : '';
}

/**
 * Why `value` cannot be validated for `year` (French), or null: the year's validation-date
 * contract (a real day, inside the year, after what is already validated), the server's words;
 * the server decides the rest.
 */
export function validationDateProblem(value: string, year: FiscalYearView): string | null {
  return contractProblems(validationDateContract(year), { jusquau: value }).jusquau ?? null;
}
