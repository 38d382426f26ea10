/**
 * The month a 'Récapitulatif mensuel' states (R-RECAP-02): written AAAA-MM, a calendar month of
 * Europe/Paris, over before it is stated, and not before the federation's data begin.
 */
import { z } from 'zod';
import { formatIsoDay } from '../documents/document-format';

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month's French name, as fr-FR writes it ('août'). */
const monthName = new Intl.DateTimeFormat('fr-FR', { month: 'long', timeZone: 'UTC' });

export const RECAP_MONTH_MESSAGES = {
  malformed: 'Mois attendu au format AAAA-MM (par exemple 2026-03).',
  notOver: (month: string, issuedOn: string) =>
    `Le mois de ${frenchMonth(month)} n’est pas terminé : son récapitulatif pourra être émis à partir du ${formatIsoDay(issuedOn)}.`,
  beforeData: (month: string, firstDay: string) =>
    `Aucune donnée pour ${frenchMonth(month)} : les données commencent le ${formatIsoDay(firstDay)}.`,
} as const;

/** AAAA-MM, month 01 to 12. */
export const recapMonthSchema = z.string({ message: RECAP_MONTH_MESSAGES.malformed }).regex(MONTH_PATTERN, {
  message: RECAP_MONTH_MESSAGES.malformed,
});

/** "mars 2026". */
export function frenchMonth(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return `${monthName.format(new Date(Date.UTC(year, index - 1, 1)))} ${year}`;
}

/** The month's first and last Paris days, YYYY-MM-DD. */
export function recapMonthBounds(month: string): { from: string; to: string } {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, index, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The month `offset` months after `month` (negative: before). */
export function shiftRecapMonth(month: string, offset: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const shifted = new Date(Date.UTC(year, index - 1 + offset, 1));
  return shifted.toISOString().slice(0, 7);
}

/** R-RECAP-03: the same month of the previous season: twelve months before. */
export const previousSeasonMonth = (month: string) => shiftRecapMonth(month, -12);

/** R-RECAP-05: the month the job states on `day` (the first of a month): the month before. */
export const monthBefore = (day: string) => shiftRecapMonth(day.slice(0, 7), -1);

/**
 * R-RECAP-02: why `month` cannot be stated on `today` (Paris day) when the data begin on
 * `firstDay`, or null when it can: malformed, not over yet, or wholly before the data.
 */
export function recapMonthRefusal(month: string, today: string, firstDay: string | null): string | null {
  if (!MONTH_PATTERN.test(month)) return RECAP_MONTH_MESSAGES.malformed;
  const { to } = recapMonthBounds(month);
  const next = recapMonthBounds(shiftRecapMonth(month, 1)).from;
  if (to >= today) return RECAP_MONTH_MESSAGES.notOver(month, next);
  if (firstDay !== null && to < firstDay) return RECAP_MONTH_MESSAGES.beforeData(month, firstDay);
  return null;
}

/** R-RECAP-04: "RM-<AAAA>-<MM>-<id on 6 digits>", the id of its row. */
export function recapNumber(id: number, month: string): string {
  return `RM-${month}-${String(id).padStart(6, '0')}`;
}

/** "recapitulatif-mensuel-<structure>-<AAAA-MM>-<numero>.pdf" (or .xlsx). */
export function recapFileName(number: string, structureId: number, month: string, extension: 'pdf' | 'xlsx') {
  return `recapitulatif-mensuel-${structureId}-${month}-${number}.${extension}`;
}
