import { describe, expect, it } from 'vitest';
import { centsToDecimal, formatEuros, toCents } from './money';

describe('money (R-DATA-01: never binary floating point for sums)', () => {
  it('parses decimal strings exactly', () => {
    expect(toCents('1234.5')).toBe(123450);
    expect(toCents('0.10')).toBe(10);
    expect(toCents('-12.30')).toBe(-1230);
    expect(toCents('7')).toBe(700);
  });
  it('rejects malformed amounts', () => {
    expect(() => toCents('12,30')).toThrow(RangeError);
    expect(() => toCents('1.234')).toThrow(RangeError);
  });
  it('round-trips cents to numeric text', () => {
    expect(centsToDecimal(123450)).toBe('1234.50');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(0)).toBe('0.00');
  });
  it('formats in French with 2 decimals (R-DATA-02)', () => {
    expect(formatEuros(123450)).toBe('1\u202f234,50\u00a0€');
  });
});
