import { describe, expect, it } from 'vitest';
import { validationSteps } from './validation-steps';

describe('validationSteps (R-JOB-02, R-LEDG-07)', () => {
  it('R-JOB-02: cuts whole days of about the step size, the last step ending on the day asked for', () => {
    const days = [
      { day: '2025-09-01', entries: 3 },
      { day: '2025-09-02', entries: 4 },
      { day: '2025-09-05', entries: 1 },
      { day: '2025-10-01', entries: 6 },
      { day: '2025-10-02', entries: 2 },
    ];
    expect(validationSteps(days, 5, '2026-08-31')).toEqual([
      { from: '2025-09-01', to: '2025-09-02', entries: 7 },
      { from: '2025-09-05', to: '2025-10-01', entries: 7 },
      { from: '2025-10-02', to: '2026-08-31', entries: 2 },
    ]);
  });

  it('R-JOB-02: a day larger than a step stays whole; every entry is in exactly one step', () => {
    const days = [
      { day: '2025-09-01', entries: 12 },
      { day: '2025-09-02', entries: 1 },
    ];
    const steps = validationSteps(days, 5, '2025-09-02');
    expect(steps).toEqual([
      { from: '2025-09-01', to: '2025-09-01', entries: 12 },
      { from: '2025-09-02', to: '2025-09-02', entries: 1 },
    ]);
    expect(steps.reduce((sum, step) => sum + step.entries, 0)).toBe(13);
  });

  it('R-LEDG-07: nothing to validate is one step that moves the validated day', () => {
    expect(validationSteps([], 5, '2026-03-31')).toEqual([{ from: '2026-03-31', to: '2026-03-31', entries: 0 }]);
  });

  it('R-JOB-02: the last full step is stretched to the day asked for, never followed by an empty one', () => {
    expect(validationSteps([{ day: '2025-09-01', entries: 5 }], 5, '2025-12-31')).toEqual([
      { from: '2025-09-01', to: '2025-12-31', entries: 5 },
    ]);
  });

  it('refuses a day after the day asked for', () => {
    expect(() => validationSteps([{ day: '2026-01-01', entries: 1 }], 5, '2025-12-31')).toThrow();
  });
});
