import { describe, expect, it } from 'vitest';
import { recentSeasons, seasonPeriod } from './period';

describe('SAGE export period', () => {
  it('turns a season into 1 September - 31 August', () => {
    expect(seasonPeriod(2026)).toEqual({ from: '2025-09-01', to: '2026-08-31' });
  });

  it('offers the current season first', () => {
    expect(recentSeasons(new Date('2026-11-21T10:00:00Z'))[0]).toEqual({ id: 2027, label: '2026-2027' });
  });
});
