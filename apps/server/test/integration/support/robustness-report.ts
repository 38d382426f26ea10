/**
 * The robustness counts (R-PERF-08): printed in `npm test`'s output (one line per
 * check and database) and collected from those lines by `npm run bench`'s table.
 */
export interface RobustnessCount {
  /** What was checked, in French, e.g. "filtres where générés". */
  check: string;
  /** pglite or postgres. */
  target: string;
  /** How many cases ran. */
  cases: number;
  /** How many of them went wrong (a test that reports has already asserted 0). */
  failures: number;
}

const ROBUSTNESS_PREFIX = '[robustesse]';

export function reportRobustness(count: RobustnessCount): void {
  console.log(`${ROBUSTNESS_PREFIX} ${JSON.stringify(count)}`);
}
