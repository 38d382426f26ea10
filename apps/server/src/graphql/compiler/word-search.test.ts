import { describe, expect, it } from 'vitest';
import { isWordContainsPattern } from './word-search';

// R-SEARCH-06: "libellé contient" is a case-insensitive contains (`_ilike: '%p%'`).
describe('isWordContainsPattern: when "contains p" is "one word contains p"', () => {
  it('accepts %p% with p free of spaces and wildcards', () => {
    for (const pattern of ['%affiliation%', '%A%', '%été%', '%x-AFFILIATION-y%', '%c:%', '%tab\tx%'])
      expect(isWordContainsPattern(pattern), pattern).toBe(true);
  });

  it('refuses patterns a match of which could span two words or that are not "contains"', () => {
    for (const pattern of [
      '%%',
      '%',
      '%deux mots%',
      '%a_b%',
      '%100\\%%',
      '%c:\\\\%',
      'affiliation%',
      '%affiliation',
      'affiliation',
      '%a%b%',
    ])
      expect(isWordContainsPattern(pattern), pattern).toBe(false);
  });
});
