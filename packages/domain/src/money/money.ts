/**
 * Money is handled as integer cents in TypeScript and numeric(12,2) in SQL:
 * never binary floating point for sums (R-DATA-01).
 */
export type Cents = number;

/** Parses a decimal string such as "1234.5" or "-12.30" into cents, exactly. */
export function toCents(value: string | number): Cents {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const match = /^(-)?(\d+)(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) throw new RangeError(`Montant invalide : ${text}`);
  const [, sign, units, decimals = ''] = match;
  const cents = Number(units) * 100 + Number(decimals.padEnd(2, '0'));
  return sign ? -cents : cents;
}

/** Formats cents as the decimal string PostgreSQL numeric(12,2) expects. */
export function centsToDecimal(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const euroFormat = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** French display, e.g. "1 234,50 €" (with the narrow no-break spaces of fr-FR). */
export function formatEuros(cents: Cents): string {
  return euroFormat.format(cents / 100);
}
