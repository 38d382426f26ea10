import { describe, expect, it } from 'vitest';
import { booksEntry } from './relaunch-entries';

// DESIGN.md section 9: "A relaunch is a re-presentation ... and books no second sale."
describe('a relaunch books no second sale (DESIGN.md section 9; SPEC.md section 4 relaunch)', () => {
  it('the original flux books its entry', () => {
    expect(booksEntry({ relaunchOf: null })).toBe(true);
  });
  it('its relaunched copy books nothing: the original receivable stands', () => {
    expect(booksEntry({ relaunchOf: 33902 })).toBe(false);
  });
});
