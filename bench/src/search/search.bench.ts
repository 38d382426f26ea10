/**
 * Flux search through the real HTTP API (R-PERF-01): p50/p95 of the screen's
 * GraphQL search, signed in as siege@demo.fr (type 7: sees every member structure).
 *   npx tsx bench/src/search/search.bench.ts --flux 2000000 --database-url postgres://postgres@127.0.0.1:5432/gdf_bench
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../../../apps/server/src/app';
import { FLUX_TOTALS_QUERY, fluxTotalsVariables } from '@gdf/domain';
import { openBenchDatabase } from './bench-database';
import { PAGE_QUERY, searchScenarios, type SearchScenario } from './search-scenarios';

export interface SearchBenchRow {
  name: string;
  p50: number;
  p95: number;
  bar: number;
  pass: boolean;
}

const WARMUP = 5;
const ITERATIONS = 60;

export async function benchSearch(options: {
  databaseUrl?: string;
  flux: number;
  log?: (line: string) => void;
}): Promise<SearchBenchRow[]> {
  const log = options.log ?? (() => undefined);
  const database = await openBenchDatabase(options, log);
  const app = await buildApp({ database, jwtSecret: randomBytes(32).toString('hex'), loginRateLimit: false });
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const token = await login(address);
    const rows: SearchBenchRow[] = [];
    for (const scenario of await searchScenarios(database)) {
      const times = await measure(address, token, scenario);
      const p50 = percentile(times, 0.5);
      const p95 = percentile(times, 0.95);
      rows.push({ name: scenario.name, p50, p95, bar: scenario.bar, pass: p95 <= scenario.bar });
      log(`  ${scenario.name} : p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
    }
    return rows;
  } finally {
    await app.close();
    await database.close();
  }
}

/** A bearer token for siege@demo.fr (type 7: sees every member structure). */
export async function login(address: string): Promise<string> {
  const response = await fetch(`${address}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'siege@demo.fr', password: 'demo1234' }),
  });
  if (!response.ok) throw new Error(`Connexion siege@demo.fr impossible : HTTP ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** Sequential requests (latency, not throughput); every answer is checked for errors. */
async function measure(address: string, token: string, scenario: SearchScenario): Promise<number[]> {
  // Cache-Control: no-cache: every request runs its statements (the server would
  // otherwise share identical reads for 1 s), so this bench
  // measures a first search, count included, not a page served from the cache.
  const body = () =>
    JSON.stringify(
      scenario.kind === 'page'
        ? { query: PAGE_QUERY, variables: { where: scenario.where, offset: scenario.offset ?? 0 } }
        : {
            query: FLUX_TOTALS_QUERY,
            variables: fluxTotalsVariables(scenario.where),
          },
    );
  const times: number[] = [];
  for (let i = 0; i < WARMUP + ITERATIONS; i++) {
    const started = performance.now();
    const response = await fetch(`${address}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'cache-control': 'no-cache' },
      body: body(),
    });
    const text = await response.text();
    const elapsed = performance.now() - started;
    if (!response.ok || text.includes('"errors"'))
      throw new Error(`${scenario.name} : ${response.status} ${text.slice(0, 300)}`);
    if (i >= WARMUP) times.push(elapsed);
  }
  return times;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;
}

export function formatSearchTable(rows: SearchBenchRow[]): string {
  const lines = [
    '| Recherche de flux (API GraphQL) | p50 (ms) | p95 (ms) | barre p95 (ms) | OK |',
    '| --- | ---: | ---: | ---: | :---: |',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.name} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.bar} | ${row.pass ? 'oui' : 'NON'} |`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: { flux: { type: 'string', default: '2000000' }, 'database-url': { type: 'string' } },
  });
  const flux = Number(values.flux);
  const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
  const started = performance.now();
  const rows = await benchSearch({ flux, databaseUrl, log: (line) => console.log(line) });
  console.log(
    `\n${flux.toLocaleString('fr-FR')} flux, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${ITERATIONS} requêtes par ligne`,
  );
  console.log(formatSearchTable(rows));
  console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s)`);
  process.exitCode = rows.every((row) => row.pass) ? 0 : 1;
}
