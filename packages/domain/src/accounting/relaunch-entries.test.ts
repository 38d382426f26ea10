import { describe, expect, it } from 'vitest';
import { booksEntry } from './relaunch-entries';

// R-FLUX-12: a relaunch is a re-presentation and books no second sale.
describe('a relaunch books no second sale (R-FLUX-12; the relaunch of R-FLUX-05)', () => {
  it('the original flux books its entry', () => {
    expect(booksEntry({ relaunchOf: null })).toBe(true);
  });
  it('its relaunched copy books nothing: the original receivable stands', () => {
    expect(booksEntry({ relaunchOf: 33902 })).toBe(false);
  });
});
