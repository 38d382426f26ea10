/**
 * Dates are shown in Europe/Paris whatever the machine's zone (R-DATA-03), so an
 * export made in Guadeloupe or on a UTC server shows the same day as the screen.
 */
export const DEFAULT_EXPORT_TIME_ZONE = 'Europe/Paris';

// Intl is slow (tens of microseconds a call), so offsets are cached per UTC day: a day whose
// start and end share an offset (all but about two a year) needs no further call; on a
// transition day the offset is looked up per quarter hour (zones change on those boundaries).
const DAY_MS = 86_400_000;
const QUARTER_MS = 15 * 60_000;
const zones = new Map<
  string,
  { format: Intl.DateTimeFormat; days: Map<number, number | null>; quarters: Map<number, number> }
>();

function zone(timeZone: string) {
  let cached = zones.get(timeZone);
  if (!cached) {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    cached = { format, days: new Map(), quarters: new Map() };
    zones.set(timeZone, cached);
  }
  return cached;
}

/** Offset of `timeZone` from UTC at `instant` (a whole second), in milliseconds. */
function offsetAt(format: Intl.DateTimeFormat, instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(instant)) parts[part.type] = Number(part.value);
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second) - instant;
}

function zoneOffset(time: number, timeZone: string): number {
  const { format, days, quarters } = zone(timeZone);
  const day = Math.floor(time / DAY_MS);
  let dayOffset = days.get(day);
  if (dayOffset === undefined) {
    const first = offsetAt(format, day * DAY_MS);
    dayOffset = first === offsetAt(format, (day + 1) * DAY_MS - QUARTER_MS) ? first : null;
    days.set(day, dayOffset);
  }
  if (dayOffset !== null) return dayOffset;
  const quarter = Math.floor(time / QUARTER_MS);
  let offset = quarters.get(quarter);
  if (offset === undefined) {
    offset = offsetAt(format, quarter * QUARTER_MS);
    quarters.set(quarter, offset);
  }
  return offset;
}

/** The date's wall-clock time in `timeZone`, as a Date whose UTC fields hold it. */
export function toWallClock(date: Date, timeZone = DEFAULT_EXPORT_TIME_ZONE): Date {
  const time = date.getTime();
  return new Date(time + zoneOffset(time, timeZone));
}
