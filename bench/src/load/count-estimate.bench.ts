/**
 * R-SEARCH-13: how often the planner's estimate lets the search's capped count answer
 * "plus de 10 000" without counting, how often it would say so wrongly (the search holds
 * 10,000 flux or fewer), and what the count costs, per kind of the varied mix, for a few
 * margins (graphql/compiler/count-estimate.ts). One user, sequential, Cache-Control: no-cache.
 *   npx tsx bench/src/load/count-estimate.bench.ts --database-url postgres://postgres@127.0.0.1:5432/gdf_bench
 * Options: --flux 2000000 --searches 1000 --margins 1,2,3,5,10
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { FLUX_TOTAL_CAP } from '@gdf/domain';
import { buildApp } from '../../../apps/server/src/app';
import { COUNT_ESTIMATE } from '../../../apps/server/src/graphql/compiler/count-estimate';
import { SEARCH_COUNT } from '../../../apps/web/src/features/flux-search/api/search-flux-queries';
import { openBenchDatabase } from '../search/bench-database';
import { login } from '../search/search.bench';
import { stats } from './varied-load';
import { headOfficeId } from './varied-mix.bench';
import { SEARCH_KINDS, variedSearches, type SearchKind, type VariedSearch } from './varied-searches';

/** The page's count (counted) and the same with the planner asked first. */
const PLAIN_COUNT = SEARCH_COUNT;
const ESTIMATED_COUNT = SEARCH_COUNT.replace('limit: $cap)', 'limit: $cap, estimate: true)');
const CAP = FLUX_TOTAL_CAP + 1;

export interface EstimateRow {
  kind: SearchKind | 'toutes';
  margin: number | null;
  searches: number;
  /** Answered "plus de 10 000" (counted or estimated). */
  aboveCap: number;
  /** Answered "plus de 10 000" while the search holds at most 10,000 flux. */
  wrong: number;
  p50: number;
  p95: number;
}

export async function benchCountEstimate(options: {
  databaseUrl?: string;
  flux: number;
  searches: number;
  margins: number[];
  log?: (line: string) => void;
}): Promise<EstimateRow[]> {
  const log = options.log ?? (() => undefined);
  const database = await openBenchDatabase(options, log);
  const app = await buildApp({ database, jwtSecret: randomBytes(32).toString('hex'), loginRateLimit: false });
  const original = COUNT_ESTIMATE.margin;
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const token = await login(address);
    const office = await headOfficeId(database);
    const count = async (query: string, search: VariedSearch) => {
      const started = performance.now();
      const response = await fetch(`${address}/v1/graphql?structureId=${office}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'cache-control': 'no-cache' },
        body: JSON.stringify({ query, variables: { where: search.where, cap: CAP } }),
      });
      const body = (await response.json()) as { data?: { total: { aggregate: { count: number } } } };
      if (!body.data) throw new Error(JSON.stringify(body).slice(0, 200));
      return { value: body.data.total.aggregate.count, ms: performance.now() - started };
    };
    const seen = new Set<string>();
    const searches = (await variedSearches(database, 6_000))
      .filter((search) => !seen.has(JSON.stringify(search.where)) && seen.add(JSON.stringify(search.where)))
      .slice(0, options.searches);
    log(`  ${searches.length} recherches distinctes`);
    const exact = new Map<VariedSearch, { value: number; ms: number }>();
    for (const search of searches) exact.set(search, await count(PLAIN_COUNT, search));
    const rows: EstimateRow[] = summarise(searches, null, exact, exact);
    for (const margin of options.margins) {
      COUNT_ESTIMATE.margin = margin;
      const answers = new Map<VariedSearch, { value: number; ms: number }>();
      for (const search of searches) answers.set(search, await count(ESTIMATED_COUNT, search));
      rows.push(...summarise(searches, margin, answers, exact));
      const all = rows.at(-1);
      log(
        `  marge ${margin} : ${all?.aboveCap} « plus de 10 000 », ${all?.wrong} à tort, p95 ${all?.p95.toFixed(1)} ms`,
      );
    }
    return rows;
  } finally {
    COUNT_ESTIMATE.margin = original;
    await app.close();
    await database.close();
  }
}

function summarise(
  searches: readonly VariedSearch[],
  margin: number | null,
  answers: Map<VariedSearch, { value: number; ms: number }>,
  exact: Map<VariedSearch, { value: number; ms: number }>,
): EstimateRow[] {
  const row = (kind: EstimateRow['kind'], chosen: readonly VariedSearch[]): EstimateRow => {
    const times = stats(chosen.map((search) => answers.get(search)?.ms ?? NaN));
    return {
      kind,
      margin,
      searches: chosen.length,
      aboveCap: chosen.filter((search) => (answers.get(search)?.value ?? 0) >= CAP).length,
      wrong: chosen.filter(
        (search) => (answers.get(search)?.value ?? 0) >= CAP && (exact.get(search)?.value ?? 0) < CAP,
      ).length,
      p50: times.p50,
      p95: times.p95,
    };
  };
  return [
    ...SEARCH_KINDS.map((kind) =>
      row(
        kind,
        searches.filter((search) => search.kind === kind),
      ),
    ),
    row('toutes', searches),
  ];
}

export function formatEstimateTable(rows: readonly EstimateRow[]): string {
  return [
    '| Sorte | marge | recherches | « plus de 10 000 » | dont à tort | p50 (ms) | p95 (ms) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.kind} | ${r.margin ?? 'compté'} | ${r.searches} | ${r.aboveCap} | ${r.wrong} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`,
    ),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      flux: { type: 'string', default: '2000000' },
      'database-url': { type: 'string' },
      searches: { type: 'string', default: '1000' },
      margins: { type: 'string', default: '1,2,3,5,10' },
    },
  });
  const rows = await benchCountEstimate({
    flux: Number(values.flux),
    databaseUrl: values['database-url'] ?? process.env.DATABASE_URL,
    searches: Number(values.searches),
    margins: values.margins.split(',').map(Number),
    log: (line) => console.log(line),
  });
  console.log(`\n${formatEstimateTable(rows)}`);
}
