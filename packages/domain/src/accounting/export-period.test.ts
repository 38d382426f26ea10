import { describe, expect, it } from 'vitest';
import { EXPORT_PERIOD_MESSAGES, exportQuerySchema } from './contracts';

const issuesOf = (query: unknown) => {
  const result = exportQuerySchema.safeParse(query);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('exportQuerySchema: the SAGE period, field by field (R-LEDG-03, R-LEDG-10)', () => {
  it('a missing bound is "Date obligatoire" on its own field, first', () => {
    expect(issuesOf({ from: '', to: '2026-03-01' })[0]).toEqual(['from', EXPORT_PERIOD_MESSAGES.dateRequired]);
    expect(issuesOf({ from: '2026-03-01', to: '' })[0]).toEqual(['to', EXPORT_PERIOD_MESSAGES.dateRequired]);
  });

  it('an end before the start is refused on the end date, and only then', () => {
    expect(issuesOf({ from: '2026-03-31', to: '2026-03-01' })).toEqual([['to', EXPORT_PERIOD_MESSAGES.periodReversed]]);
    expect(issuesOf({ from: '2026-03-01', to: '' }).map(([path]) => path)).toEqual(['to']);
    expect(issuesOf({ from: '2026-03-01', to: '2026-03-01' })).toEqual([]);
  });
});
