import { wallClock, wallClockAsUtc } from '../flux/paris-day';
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

const DAY_MS = 86_400_000;
/**
 * For each UTC day asked about (days since 1970), the instant the next Paris day starts, and
 * both days formatted. Paris is always ahead of UTC by less than a day, so that midnight falls
 * within the UTC day: before it an instant is on the same calendar day in Paris, from it on
 * the next. A few time-zone lookups per UTC day, where formatting every instant was most of an
 * Impayés list's time.
 */
const parisDaysOfUtcDay = new Map<number, { midnight: number; same: string; next: string }>();
const isoOfUtcDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** "2024-03-01": the calendar day of `date` in Europe/Paris. */
export function parisIsoDate(date: Date): string {
  const time = date.getTime();
  if (!Number.isFinite(time)) throw new RangeError('Date invalide');
  const utcDay = Math.floor(time / DAY_MS);
  let days = parisDaysOfUtcDay.get(utcDay);
  if (!days) {
    days = { midnight: parisMidnightIn(utcDay), same: isoOfUtcDay(utcDay), next: isoOfUtcDay(utcDay + 1) };
    parisDaysOfUtcDay.set(utcDay, days);
  }
  return time >= days.midnight ? days.next : days.same;
}

/** Paris's offset from UTC at `time`, in milliseconds (whole seconds). */
function parisOffsetAt(time: number): number {
  return wallClockAsUtc(wallClock(time, TIME_ZONE)) - Math.floor(time / 1000) * 1000;
}

/**
 * The first instant of UTC day `utcDay` that is the next calendar day in Paris: the local
 * midnight with the offset in force at the end of the UTC day, checked; when clocks changed
 * in between (the 1970s rules changed them at local midnight), found by bisection.
 */
function parisMidnightIn(utcDay: number): number {
  const next = isoOfUtcDay(utcDay + 1);
  const end = (utcDay + 1) * DAY_MS;
  const candidate = end - parisOffsetAt(end - 1);
  if (isoDay.format(candidate) === next && isoDay.format(candidate - 1) !== next) return candidate;
  let before = utcDay * DAY_MS;
  let after = end - 1;
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (isoDay.format(middle) === next) after = middle;
    else before = middle;
  }
  return after;
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
