import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate, formatDateTime } from './format';

// fr-FR groups thousands with U+202F and puts U+00A0 before the euro sign.
describe('fr-FR formatting', () => {
  it('formats amounts from decimal strings and numbers', () => {
    expect(formatAmount('1234.5')).toBe('1\u202f234,50\u00a0€');
    expect(formatAmount(-12)).toBe('-12,00\u00a0€');
    expect(formatAmount('abc')).toBe('');
  });
  it('shows dates in Europe/Paris', () => {
    // 23:30 UTC on 31 March is already 1 April in Paris (UTC+2 in summer time).
    expect(formatDate('2024-03-31T23:30:00Z')).toBe('01/04/2024');
    expect(formatDateTime('2024-01-15T13:05:00Z')).toBe('15/01/2024 14:05');
    expect(formatDate('pas une date')).toBe('');
  });
});
