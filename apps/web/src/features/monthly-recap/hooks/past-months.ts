const PARIS_MONTH = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' });

/**
 * The `count` months already over on `today` in Paris, newest first, as 'AAAA-MM': the current
 * month is not offered (its recap is issued on the first day of the next one).
 */
export function pastMonths(today: Date, count = 24): string[] {
  const parts = PARIS_MONTH.formatToParts(today);
  const year = Number(parts.find((part) => part.type === 'year')?.value);
  const month = Number(parts.find((part) => part.type === 'month')?.value);
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 2 - index, 1));
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}
