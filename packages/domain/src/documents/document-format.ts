import { formatEuros, type Cents } from '../money/money';

/**
 * Dates on documents are Paris dates (R-DATA-03: display in Europe/Paris), so
 * a flux created at 23:30 UTC on 29 February belongs to 1 March, as the club saw it.
 */
const TIME_ZONE = 'Europe/Paris';

// en-CA formats as yyyy-mm-dd, the shape file names need.
const isoDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const frenchDay = new Intl.DateTimeFormat('fr-FR', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** "2024-03-01": the calendar day of `date` in Europe/Paris. */
export function parisIsoDate(date: Date): string {
  return isoDay.format(date);
}

/** "01/03/2024": the calendar day of `date` in Europe/Paris. */
export function formatParisDate(date: Date): string {
  return frenchDay.format(date);
}

/** A SQL date ('2024-03-31', no time zone) shown as "31/03/2024". */
export function formatIsoDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`Date invalide : ${day}`);
  return `${match[3]}/${match[2]}/${match[1]}`;
}

/** R-DATA-02: amounts with 2 decimals, French format ("1 234,50 €"). */
export function formatDocumentAmount(cents: Cents): string {
  return formatEuros(cents);
}

const quantityFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

export function formatQuantity(quantity: number): string {
  return quantityFormat.format(quantity);
}
