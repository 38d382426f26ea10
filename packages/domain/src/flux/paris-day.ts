/**
 * Start of a Paris calendar day as an ISO timestamp with its explicit offset
 * ("2024-03-01T00:00:00+01:00"), so the server never guesses the zone of a date filter.
 */
const TIME_ZONE = 'Europe/Paris';

function offsetAt(instant: Date, timeZone: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  // "GMT+01:00"; plain "GMT" for a zero offset.
  const offset = name?.replace('GMT', '') ?? '';
  return offset === '' ? '+00:00' : offset;
}

/**
 * The years a day given to the product may fall in. Beyond them an ISO string needs a
 * six-digit year (+010000-01-01) and PostgreSQL has no year 0, so a bound there would fail in
 * the database instead of being refused; and no flux, season or due date lies there.
 */
export const SUPPORTED_YEARS = { first: 1900, last: 2099 } as const;

/** Whether a YYYY-MM-DD day's year is within SUPPORTED_YEARS. */
export function isSupportedDay(isoDate: string): boolean {
  const year = Number(isoDate.slice(0, 4));
  return year >= SUPPORTED_YEARS.first && year <= SUPPORTED_YEARS.last;
}

/** `isoDate` (YYYY-MM-DD) at 00:00 in Paris. */
export function parisDayStart(isoDate: string, timeZone = TIME_ZONE): string {
  // Clocks change at 01:00 UTC, so 00:00 UTC of the day has the offset of local midnight.
  return `${isoDate}T00:00:00${offsetAt(new Date(`${isoDate}T00:00:00Z`), timeZone)}`;
}

/** The day after `isoDate` at 00:00 in Paris: the exclusive bound of an inclusive end date. */
export function nextParisDayStart(isoDate: string, timeZone = TIME_ZONE): string {
  const next = new Date(Date.parse(`${isoDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return parisDayStart(next, timeZone);
}

const isoDayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The Paris calendar day of `now`, YYYY-MM-DD: today by default (the "no future dates" bound),
 * or any instant's day (one formatter per zone, made once: ledgers format one per flux).
 */
export function parisToday(now: Date | number = new Date(), timeZone = TIME_ZONE): string {
  let format = isoDayFormats.get(timeZone);
  if (!format) {
    // en-CA formats as yyyy-mm-dd.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    isoDayFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** `instant` as Paris wall-clock time with its offset ("2026-11-23T21:05:00+01:00"): ISO 8601, no zone left to guess. */
export function parisDateTime(instant: Date, timeZone = TIME_ZONE): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  const { year, month, day, hour, minute, second } = parts;
  return `${year}-${month}-${day}T${hour}:${minute}:${second}${offsetAt(instant, timeZone)}`;
}

/** A wall-clock reading in a time zone. */
export interface WallClock {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `instant` in `timeZone` (one formatter per zone, made once). */
export function wallClock(instant: Date | number, timeZone = TIME_ZONE): WallClock {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** A wall clock read as if it were UTC, in ms: minus the instant, the zone's offset then. */
export function wallClockAsUtc(clock: WallClock): number {
  return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
}
