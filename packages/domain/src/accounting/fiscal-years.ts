import type { FiscalYearStatus } from './ledger-contracts';

/**
 * Fiscal years and the validation of entries (R-LEDG-06, R-LEDG-07). Dates are 'YYYY-MM-DD' days.
 * Code de commerce art. L123-12 and PCG art. 911-4: a fiscal year's entries are validated
 * ("procédure de clôture") and cannot change afterwards; BOI-CF-IOR-60-40-20: the FEC's
 * entries are numbered in a continuous sequence, in chronological order.
 */
export interface FiscalYearBounds {
  debut: string;
  fin: string;
}

export interface FiscalYearState extends FiscalYearBounds {
  statut: FiscalYearStatus;
  valideJusquau: string | null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The day before or after, in the proleptic Gregorian calendar (no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The fiscal year holding a day, for a fiscal year starting on the 1st of startMonth. */
export function fiscalYearOf(day: string, startMonth: number): FiscalYearBounds {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const startYear = month >= startMonth ? year : year - 1;
  const debut = `${startYear}-${pad(startMonth)}-01`;
  const fin = addDays(startMonth === 1 ? `${startYear + 1}-01-01` : `${startYear + 1}-${pad(startMonth)}-01`, -1);
  return { debut, fin };
}

/** The fiscal years from the one holding `from` to the one holding `to`, oldest first. */
export function fiscalYearsBetween(from: string, to: string, startMonth: number): FiscalYearBounds[] {
  const years: FiscalYearBounds[] = [];
  for (
    let year = fiscalYearOf(from, startMonth);
    year.debut <= to;
    year = fiscalYearOf(addDays(year.fin, 1), startMonth)
  ) {
    years.push(year);
  }
  return years;
}

/** '2025-2026' for a season-like year, '2026' for a calendar year. */
export function fiscalYearLabel(year: FiscalYearBounds): string {
  const first = year.debut.slice(0, 4);
  const last = year.fin.slice(0, 4);
  return first === last ? first : `${first}-${last}`;
}

/** The first day still open to new entries in a year, or null when none is (closed or validated to its end). */
export function firstOpenDay(year: FiscalYearState): string | null {
  if (year.statut === 'cloture') return null;
  const day = year.valideJusquau ? addDays(year.valideJusquau, 1) : year.debut;
  return day <= year.fin ? day : null;
}

/**
 * The date an entry takes (R-LEDG-08): its flux's own date, unless that day is already
 * validated or its fiscal year closed; then the first day of the next open period. Nothing
 * is ever back-dated into a validated range. Null when no open year holds such a day yet.
 * `years` oldest first.
 */
export function entryDate(fluxDay: string, years: readonly FiscalYearState[]): string | null {
  for (const year of years) {
    if (year.fin < fluxDay) continue;
    const open = firstOpenDay(year);
    if (open === null) continue;
    return open > fluxDay ? open : fluxDay;
  }
  return null;
}

/** What a validation date outside what may be validated is told (the page and the server say the same). */
export const VALIDATION_DATE_MESSAGES = {
  outsideYear: (year: FiscalYearBounds) =>
    `La date doit être comprise entre le ${frenchDay(year.debut)} et le ${frenchDay(year.fin)}.`,
  alreadyValidated: (day: string) => `Les écritures sont déjà validées jusqu’au ${frenchDay(day)}.`,
} as const;

/** Why a validation up to `jusquau` is refused, or null when it may proceed. */
export function validationRefusal(year: FiscalYearState, jusquau: string, today: string): string | null {
  if (year.statut === 'cloture') return 'Cet exercice est clôturé : ses écritures sont déjà toutes validées.';
  if (jusquau < year.debut || jusquau > year.fin) {
    return VALIDATION_DATE_MESSAGES.outsideYear(year);
  }
  if (year.valideJusquau && jusquau <= year.valideJusquau) {
    return VALIDATION_DATE_MESSAGES.alreadyValidated(year.valideJusquau);
  }
  if (jusquau > today) return "On ne valide pas des écritures à venir : choisissez une date passée ou aujourd'hui.";
  return null;
}

/**
 * Why closing a year is refused, or null. A year closes once ended, after the years before
 * it (their balances carry forward into it).
 */
export function closingRefusal(
  year: FiscalYearState,
  earlierYears: readonly FiscalYearState[],
  today: string,
): string | null {
  if (year.statut === 'cloture') return 'Cet exercice est déjà clôturé.';
  if (year.fin >= today) return `L'exercice ne peut être clôturé qu'après sa fin (le ${frenchDay(year.fin)}).`;
  const open = earlierYears.find((earlier) => earlier.statut !== 'cloture');
  if (open) return `Clôturez d'abord l'exercice ${fiscalYearLabel(open)}.`;
  return null;
}

/** EcritureNum: journal, fiscal year's last year, then the sequence, e.g. 'VE2026-000042'. */
export function entryNumberText(journal: string, year: FiscalYearBounds, sequence: number): string {
  return `${journal}${year.fin.slice(0, 4)}-${String(sequence).padStart(6, '0')}`;
}

const frenchDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * entryDate for every day from `firstDay` to `lastDay`, in one pass (days and years both
 * ascending): what the ledger joins to stage the flux of those days.
 */
export function entryDatesBetween(
  firstDay: string,
  lastDay: string,
  years: readonly FiscalYearState[],
): { days: string[]; dates: (string | null)[] } {
  const days: string[] = [];
  const dates: (string | null)[] = [];
  const openDays = years.map(firstOpenDay);
  let index = 0;
  for (let day = firstDay; day <= lastDay; day = addDays(day, 1)) {
    while (index < years.length && (years[index]!.fin < day || openDays[index] === null)) index += 1;
    const open = openDays[index];
    days.push(day);
    dates.push(open === undefined || open === null ? null : open > day ? open : day);
  }
  return { days, dates };
}
