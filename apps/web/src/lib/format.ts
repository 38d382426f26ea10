/**
 * fr-FR display helpers. Dates are shown in Europe/Paris whatever the browser's zone
 * (R-DATA-03), so a club in Guadeloupe and the head office read the same day.
 */
const TIME_ZONE = 'Europe/Paris';

const euro = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const integer = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const date = new Intl.DateTimeFormat('fr-FR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const dateTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * "1 234,50 €". Amounts arrive as decimal strings (numeric(12,2)); Number() of such a
 * string is exact enough for display, sums are done in cents elsewhere.
 */
export function formatAmount(value: string | number): string {
  const amount = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(amount) ? euro.format(amount) : '';
}

export function formatInteger(value: number): string {
  return integer.format(value);
}

function toDate(value: string | Date): Date | undefined {
  const result = value instanceof Date ? value : new Date(value);
  return Number.isNaN(result.getTime()) ? undefined : result;
}

/** "01/03/2024" */
export function formatDate(value: string | Date): string {
  const parsed = toDate(value);
  return parsed ? date.format(parsed) : '';
}

/** "01/03/2024 14:05" */
export function formatDateTime(value: string | Date): string {
  const parsed = toDate(value);
  return parsed ? dateTime.format(parsed).replace(',', '') : '';
}
