import { describe, expect, it } from 'vitest';
import { parseEuroAmount } from './amount-filter';

describe('parseEuroAmount (amount range filter: euros typed, cents searched)', () => {
  it('reads French and dotted decimals into exact cents', () => {
    expect(parseEuroAmount('12')).toBe(1200);
    expect(parseEuroAmount('12,5')).toBe(1250);
    expect(parseEuroAmount('12,05')).toBe(1205);
    expect(parseEuroAmount('0.1')).toBe(10);
    expect(parseEuroAmount('1 234,56 €')).toBe(123456);
    expect(parseEuroAmount('1\u202f234,56')).toBe(123456);
    expect(parseEuroAmount('0')).toBe(0);
  });
  it('refuses negative amounts, three decimals, words and empty text', () => {
    for (const text of ['-5', '12,345', 'douze', '', ',5', '12,', '1e3', '+3', '123456789'])
      expect(parseEuroAmount(text), text).toBeNull();
  });
});
