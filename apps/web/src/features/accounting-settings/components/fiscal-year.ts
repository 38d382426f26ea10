import type { FiscalYearView } from '@gdf/domain';
import { formatDate } from '@/lib/format';
import { accountingSettingsMessages as m } from '../messages';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (value: string) =>
  ISO_DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** Newest first: the year being kept sits on top, the closed ones below. */
export const newestFirst = (years: readonly FiscalYearView[]) =>
  [...years].sort((a, b) => b.debut.localeCompare(a.debut));

/** A year can be closed once its last day is past (`today` is the Paris day, YYYY-MM-DD). */
export const hasEnded = (year: FiscalYearView, today: string) => year.fin < today;

/** 'Valider jusqu’au' starts at today, or at the year's last day once it is over. */
export const defaultValidationDate = (year: FiscalYearView, today: string) => (year.fin < today ? year.fin : today);

/**
 * Why `value` cannot be validated for `year` (French), or null. Only what is certain is
 * checked here (a real day, inside the year, after what is already validated); the server
 * decides the rest.
 */
export function validationDateProblem(value: string, year: FiscalYearView): string | null {
  if (!isRealDay(value)) return m.dateInvalid;
  if (value < year.debut || value > year.fin) return m.dateOutsideYear(formatDate(year.debut), formatDate(year.fin));
  if (year.valideJusquau && value <= year.valideJusquau) return m.dateAlreadyValidated(formatDate(year.valideJusquau));
  return null;
}
