import { describe, expect, it } from 'vitest';
import { formatIban } from './format-iban';

describe('formatIban', () => {
  it('groups the characters by four, the last group shorter', () => {
    expect(formatIban('FR7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189');
  });
  it('ignores the spaces it is given and adds no trailing space', () => {
    expect(formatIban(' FR76 3000 6000 0112 3456 7890 1234 ')).toBe('FR76 3000 6000 0112 3456 7890 1234');
  });
  it('groups a masked IBAN the same way', () => {
    expect(formatIban('•••••••0189')).toBe('•••• •••0 189');
  });
});
