import type { Cents } from '../money/money';

/**
 * An amount typed in euros in a search filter (R-SEARCH-15): "12", "12,5", "1 234,56"
 * or "12.50"; non-negative, at most two decimals, below 100 million euros. Returns the
 * cents, or null when the text is not such an amount. Spaces (also the no-break ones a
 * copied French amount holds) and a trailing "€" are ignored.
 */
export function parseEuroAmount(text: string): Cents | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(/€$/, '');
  const match = /^(\d{1,8})(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const [, units, decimals = ''] = match;
  return Number(units) * 100 + Number(decimals.padEnd(2, '0'));
}
