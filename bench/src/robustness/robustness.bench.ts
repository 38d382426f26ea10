import { spawnSync } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import type { BenchResult } from '../bench-result';

/** The robustness suites (R-PERF-08) that report their counts (test/integration/support/robustness-report.ts). */
const SUITES = [
  'apps/server/test/integration/graphql/where-fuzz.test.ts',
  'apps/server/test/integration/graphql/flux-mutations.test.ts',
  'apps/server/test/integration/graphql/flux-write-permissions.test.ts',
  'apps/server/test/integration/login-throttle.test.ts',
  'apps/server/test/integration/graphql/scope.test.ts',
  'apps/server/test/integration/rest/cross-structure.test.ts',
  'apps/server/test/integration/rest/create-from-url.test.ts',
  'apps/server/test/integration/rest/bad-input.test.ts',
];
const PREFIX = '[robustesse] ';

interface Count {
  check: string;
  target: string;
  cases: number;
  failures: number;
}

/**
 * Runs the robustness suites (also part of `npm test`) on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set, and turns the counts they print into table rows.
 */
export function benchRobustness(root: string): BenchResult[] {
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...SUITES], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const counts: Count[] = run.stdout
    .split('\n')
    .map((line) => stripVTControlCharacters(line))
    .filter((line) => line.startsWith(PREFIX))
    .map((line) => JSON.parse(line.slice(PREFIX.length)) as Count);
  const results: BenchResult[] = counts.map((count) => ({
    name: `${count.check} (${count.target}) : ${count.cases.toLocaleString('fr-FR')} cas, échecs`,
    value: count.failures,
    unit: '',
    bar: 0,
    pass: count.failures === 0 && count.cases > 0,
  }));
  results.push({
    name: `Suites de robustesse (${SUITES.length} fichiers de test) : code de sortie de Vitest`,
    value: run.status ?? -1,
    unit: '',
    bar: 0,
    pass: run.status === 0 && counts.length >= SUITES.length,
  });
  return results;
}
