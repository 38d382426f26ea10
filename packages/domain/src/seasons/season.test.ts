import { describe, expect, it } from 'vitest';
import { seasonBounds, seasonIdForDate, seasonName, seasonShortName } from './season';

describe('seasons (R-DATA-04: id = end year, 1 September to 31 August)', () => {
  it('maps dates to the season that contains them', () => {
    expect(seasonIdForDate(new Date('2021-09-01T00:00:00Z'))).toBe(2022);
    expect(seasonIdForDate(new Date('2022-08-31T23:00:00Z'))).toBe(2022);
    expect(seasonIdForDate(new Date('2026-11-21T12:00:00Z'))).toBe(2027);
  });
  it('names seasons', () => {
    expect(seasonName(2022)).toBe('2021-2022');
    expect(seasonShortName(2022)).toBe('21-22');
    expect(seasonBounds(2022)).toEqual({ start: '2021-09-01', end: '2022-08-31' });
  });
});
