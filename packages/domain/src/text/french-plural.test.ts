import { describe, expect, it } from 'vitest';
import { frenchCount, frenchPlural } from './french-plural';

describe('R-UI-19: French agreement with a count', () => {
  it('takes the singular for 0 and 1, unlike English', () => {
    expect(frenchCount(0, 'structure sélectionnée', 'structures sélectionnées')).toBe('0 structure sélectionnée');
    expect(frenchCount(1, 'structure sélectionnée', 'structures sélectionnées')).toBe('1 structure sélectionnée');
  });

  it('takes the plural from 2 on, with French thousands', () => {
    expect(frenchPlural(2, 'autre transaction ignorée', 'autres transactions ignorées')).toBe(
      'autres transactions ignorées',
    );
    expect(frenchCount(1234, 'flux', 'flux')).toBe('1\u202f234 flux');
  });
});
