/** The staged entries of one day: how many entries are dated that day. */
export interface StagedDay {
  day: string;
  entries: number;
}

/** One step of a validation job: the entries dated from `from` to `to`, the year then validated to `to`. */
export interface ValidationStep {
  from: string;
  to: string;
  entries: number;
}

/**
 * How a validation or closing job splits its work (R-JOB-02, R-LEDG-07): whole days in date
 * order, about `entriesPerStep` entries a step (a day is never split), so that after every
 * step the year is validated up to that step's last day, numbered as one validation would
 * number it (the sequence follows the date first); the last step ends on `upTo`, the day asked
 * for. No entry at all: one step, which moves the validated day alone. `days` ascending, each
 * on or before `upTo`.
 */
export function validationSteps(days: readonly StagedDay[], entriesPerStep: number, upTo: string): ValidationStep[] {
  const steps: ValidationStep[] = [];
  let current: ValidationStep | null = null;
  for (const { day, entries } of days) {
    if (day > upTo) throw new Error(`écritures datées après le ${upTo}`);
    current ??= { from: day, to: day, entries: 0 };
    current.to = day;
    current.entries += entries;
    if (current.entries >= entriesPerStep) {
      steps.push(current);
      current = null;
    }
  }
  if (current) steps.push(current);
  const last = steps.at(-1);
  if (!last) return [{ from: upTo, to: upTo, entries: 0 }];
  last.to = upTo;
  return steps;
}
