/**
 * TARGET (T2) calendar of the ECB: the days euro interbank settlement is closed, on which no
 * SEPA direct debit can be settled. Closed on Saturdays, Sundays, 1 January, Good Friday,
 * Easter Monday, 1 May, 25 and 26 December (no other day since 2002). Dates are ISO days
 * (YYYY-MM-DD); arithmetic is done in UTC so no local time zone can shift a day.
 */

const DAY_MS = 86_400_000;

const toDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const timeOf = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`);
const shift = (isoDate: string, days: number) => toDay(timeOf(isoDate) + days * DAY_MS);

/** Easter Sunday of `year` (Gregorian calendar): the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The TARGET holidays of `year` (weekdays or not), with their French names. */
export function targetHolidays(year: number): ReadonlyMap<string, string> {
  const easter = easterSunday(year);
  return new Map([
    [`${year}-01-01`, 'jour de l’An'],
    [shift(easter, -2), 'Vendredi saint'],
    [shift(easter, 1), 'lundi de Pâques'],
    [`${year}-05-01`, 'fête du Travail'],
    [`${year}-12-25`, 'Noël'],
    [`${year}-12-26`, 'lendemain de Noël'],
  ]);
}

const holidaysByYear = new Map<number, ReadonlyMap<string, string>>();
function holidaysOf(year: number): ReadonlyMap<string, string> {
  let holidays = holidaysByYear.get(year);
  if (!holidays) holidaysByYear.set(year, (holidays = targetHolidays(year)));
  return holidays;
}

/** Why TARGET is closed on `isoDate` ('samedi', 'Noël'...), or null on a TARGET day. */
export function targetClosingReason(isoDate: string): string | null {
  const holiday = holidaysOf(Number(isoDate.slice(0, 4))).get(isoDate);
  if (holiday) return holiday; // named even on a weekend: "Noël" says more than "samedi"
  const weekDay = new Date(timeOf(isoDate)).getUTCDay();
  if (weekDay === 6) return 'samedi';
  if (weekDay === 0) return 'dimanche';
  return null;
}

export function isTargetDay(isoDate: string): boolean {
  return targetClosingReason(isoDate) === null;
}

/** The TARGET day `count` TARGET days after `isoDate` (count >= 0; 0 gives `isoDate` itself). */
export function addTargetDays(isoDate: string, count: number): string {
  let day = isoDate;
  for (let left = count; left > 0;) {
    day = shift(day, 1);
    if (isTargetDay(day)) left -= 1;
  }
  return day;
}

/** The first TARGET day on or after `isoDate`. */
export function nextTargetDay(isoDate: string): string {
  let day = isoDate;
  while (!isTargetDay(day)) day = shift(day, 1);
  return day;
}

/** The last TARGET day on or before `isoDate`. */
export function previousTargetDay(isoDate: string): string {
  let day = isoDate;
  while (!isTargetDay(day)) day = shift(day, -1);
  return day;
}

/**
 * Earliest requested collection date of a file generated on `todayParis` (Europe/Paris day).
 * EPC SDD Core rulebook: the collection reaches the debtor bank at the latest D-1 TARGET day
 * (banks often ask D-2, hence `minLeadDays`). A file made on a closing day is only handled on
 * the next TARGET day, so the lead is counted from that day.
 */
export function earliestCollectionDate(todayParis: string, minLeadDays: number): string {
  return addTargetDays(nextTargetDay(todayParis), minLeadDays);
}

const frenchDay = (isoDate: string) => `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`;

/** Why `date` cannot be requested as collection date today (French, for the user), or null when it can. */
export function collectionDateRefusal(date: string, todayParis: string, minLeadDays: number): string | null {
  const earliest = earliestCollectionDate(todayParis, minLeadDays);
  if (date < todayParis) return "Date d'échéance invalide : elle ne peut pas être dans le passé.";
  const closed = targetClosingReason(date);
  if (closed) {
    return `Date d'échéance invalide : le ${frenchDay(date)} (${closed}) n'est pas un jour ouvré du calendrier TARGET ; au plus tôt le ${frenchDay(earliest)}.`;
  }
  if (date < earliest) {
    const days = minLeadDays === 1 ? '1 jour ouvré TARGET' : `${minLeadDays} jours ouvrés TARGET`;
    return `Date d'échéance trop proche : la banque doit recevoir le fichier au moins ${days} avant l'échéance ; au plus tôt le ${frenchDay(earliest)}.`;
  }
  return null;
}
