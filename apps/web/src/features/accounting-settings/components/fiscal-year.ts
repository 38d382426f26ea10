import { validationDateContract, type FiscalYearView } from '@gdf/domain';
import { contractProblems } from '@/lib/forms';

/** Newest first: the year being kept sits on top, the closed ones below. */
export const newestFirst = (years: readonly FiscalYearView[]) =>
  [...years].sort((a, b) => b.debut.localeCompare(a.debut));

/** A year can be closed once its last day is past (`today` is the Paris day, YYYY-MM-DD). */
export const hasEnded = (year: FiscalYearView, today: string) => year.fin < today;

/** 'Valider jusqu’au' starts at today, or at the year's last day once it is over. */
export const defaultValidationDate = (year: FiscalYearView, today: string) => (year.fin < today ? year.fin : today);

/**
 * Why `value` cannot be validated for `year` (French), or null: the year's validation-date
 * contract (a real day, inside the year, after what is already validated), the server's words;
 * the server decides the rest.
 */
export function validationDateProblem(value: string, year: FiscalYearView): string | null {
  return contractProblems(validationDateContract(year), { jusquau: value }).jusquau ?? null;
}
