/**
 * Where the search's counts spend PostgreSQL's time (R-SEARCH-13): for the distinct searches
 * of the varied mix, sent as the search page sends them (the first page with the planner's
 * word, the count only when the page did not settle the total), every count statement the
 * server runs is recorded, then run again under EXPLAIN (ANALYZE, BUFFERS). Per kind: how
 * many searches count, the count's execution time and buffers, the plan's scan nodes.
 * One user, sequential, Cache-Control: no-cache. Run it on a copy of the bench database.
 *   npx tsx bench/src/load/count-plans.bench.ts --database-url postgres://postgres@127.0.0.1:5432/gdf_count
 * Options: --flux 2000000 --searches 1000 --plans 1 (the plans printed per kind)
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../../../apps/server/src/app';
import type { Database } from '../../../apps/server/src/db/database';
import {
  COUNT_LIMIT,
  DEFAULT_ORDER_BY,
  SEARCH_COUNT,
  SEARCH_PAGE_WITH_ESTIMATE,
  settledTotal,
} from '../../../apps/web/src/features/flux-search/api/search-flux-queries';
import { openBenchDatabase } from '../search/bench-database';
import { login } from '../search/search.bench';
import { stats } from './varied-load';
import { headOfficeId } from './varied-mix.bench';
import { SEARCH_KINDS, variedSearches, type SearchKind } from './varied-searches';

interface Statement {
  text: string;
  params: unknown[];
}

export interface CountPlanRow {
  kind: SearchKind | 'toutes';
  searches: number;
  counted: number;
  /** Counted and found above the cap ("plus de 10 000" after counting). */
  aboveCap?: number;
  /** Execution time of the counts (EXPLAIN ANALYZE), ms. */
  p50: number;
  p95: number;
  sum: number;
  /** Mean shared buffers touched (hit + read) per count. */
  buffers: number;
  /** The scan nodes of the plans and how many plans hold each. */
  scans: string;
}

/** Records what the server runs: the statements of the request under way. */
function recording(database: Database): { database: Database; take(): Statement[] } {
  let seen: Statement[] = [];
  const wrapped: Database = {
    ...database,
    query: (text, params, options) => {
      seen.push({ text, params: params ?? [] });
      return database.query(text, params, options);
    },
  };
  return {
    database: wrapped,
    take: () => {
      const taken = seen;
      seen = [];
      return taken;
    },
  };
}

export async function benchCountPlans(options: {
  databaseUrl?: string;
  flux: number;
  searches: number;
  plans: number;
  log?: (line: string) => void;
}): Promise<CountPlanRow[]> {
  const log = options.log ?? (() => undefined);
  const database = await openBenchDatabase(options, log);
  const recorder = recording(database);
  const app = await buildApp({
    database: recorder.database,
    jwtSecret: randomBytes(32).toString('hex'),
    loginRateLimit: false,
  });
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const token = await login(address);
    const office = await headOfficeId(database);
    const post = async (query: string, variables: Record<string, unknown>) => {
      const response = await fetch(`${address}/v1/graphql?structureId=${office}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'cache-control': 'no-cache' },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as { data?: Record<string, unknown> };
      if (!body.data) throw new Error(JSON.stringify(body).slice(0, 300));
      return body.data;
    };
    const seen = new Set<string>();
    const searches = (await variedSearches(database, 6_000))
      .filter((search) => !seen.has(JSON.stringify(search.where)) && seen.add(JSON.stringify(search.where)))
      .slice(0, options.searches);
    log(`  ${searches.length} recherches distinctes`);
    const counts = new Map<SearchKind, Statement[]>(SEARCH_KINDS.map((kind) => [kind, []]));
    const perKind = new Map<SearchKind, number>();
    const aboveCap = new Map<SearchKind, number>();
    for (const search of searches) {
      perKind.set(search.kind, (perKind.get(search.kind) ?? 0) + 1);
      recorder.take();
      const page = (await post(SEARCH_PAGE_WITH_ESTIMATE, {
        where: search.where,
        orderBy: DEFAULT_ORDER_BY,
        limit: 30,
        offset: 0,
        cap: COUNT_LIMIT,
      })) as { rows: unknown[]; estimate: { aggregate: { count: number } | null } };
      if (settledTotal({ rows: page.rows, totalWithPage: page.estimate.aggregate?.count ?? null }, 0, 30) !== null)
        continue;
      recorder.take();
      const total = (await post(SEARCH_COUNT, { where: search.where, cap: COUNT_LIMIT })) as {
        total: { aggregate: { count: number } };
      };
      if (total.total.aggregate.count >= COUNT_LIMIT) aboveCap.set(search.kind, (aboveCap.get(search.kind) ?? 0) + 1);
      // The count's own statement: the one that is neither a plan nor a key or word lookup.
      const statement = recorder.take().find((s) => !s.text.startsWith('EXPLAIN') && s.text.includes('count(*)'));
      if (statement) counts.get(search.kind)?.push(statement);
    }
    const rows: CountPlanRow[] = [];
    const all: Array<{ ms: number; buffers: number; scans: string[] }> = [];
    for (const kind of SEARCH_KINDS) {
      const measured: typeof all = [];
      let printed = 0;
      for (const statement of counts.get(kind) ?? []) {
        const [row] = await database.query<{ 'QUERY PLAN': unknown }>(
          `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.text}`,
          statement.params,
        );
        const plan = parsePlan(row?.['QUERY PLAN']);
        measured.push({ ms: plan['Execution Time'], buffers: buffersOf(plan.Plan), scans: scanNodes(plan.Plan) });
        if (printed++ < options.plans) {
          log(`\n--- ${kind} : ${JSON.stringify(statement.params).slice(0, 300)}`);
          const lines = await database.query<{ 'QUERY PLAN': string }>(
            `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`,
            statement.params,
          );
          for (const line of lines) log(line['QUERY PLAN']);
        }
      }
      all.push(...measured);
      rows.push({ ...summary(kind, perKind.get(kind) ?? 0, measured), aboveCap: aboveCap.get(kind) ?? 0 });
    }
    rows.push({
      ...summary('toutes', searches.length, all),
      aboveCap: [...aboveCap.values()].reduce((a, b) => a + b, 0),
    });
    return rows;
  } finally {
    await app.close();
    await database.close();
  }
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

function parsePlan(value: unknown): { Plan: PlanNode; 'Execution Time': number } {
  const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as Array<{
    Plan: PlanNode;
    'Execution Time': number;
  }>;
  if (!parsed[0]) throw new Error('Plan vide');
  return parsed[0];
}

function buffersOf(plan: PlanNode): number {
  return (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
}

function scanNodes(plan: PlanNode): string[] {
  const own = /Scan/.test(plan['Node Type'])
    ? [`${plan['Node Type']}${plan['Index Name'] ? ` ${plan['Index Name']}` : ''}`]
    : [];
  return [...own, ...(plan.Plans ?? []).flatMap(scanNodes)];
}

function summary(
  kind: CountPlanRow['kind'],
  searches: number,
  measured: ReadonlyArray<{ ms: number; buffers: number; scans: string[] }>,
): CountPlanRow {
  const times = stats(measured.map((m) => m.ms));
  const shapes = new Map<string, number>();
  for (const m of measured) {
    const shape = [...new Set(m.scans)].sort().join(' + ');
    shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
  }
  return {
    kind,
    searches,
    counted: measured.length,
    p50: times.p50,
    p95: times.p95,
    sum: measured.reduce((total, m) => total + m.ms, 0),
    buffers: measured.length === 0 ? 0 : measured.reduce((total, m) => total + m.buffers, 0) / measured.length,
    scans: [...shapes.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([shape, n]) => `${n}× ${shape}`)
      .join(' ; '),
  };
}

export function formatCountPlanTable(rows: readonly CountPlanRow[]): string {
  const total = rows.find((row) => row.kind === 'toutes')?.sum ?? 1;
  return [
    '| Sorte | recherches | totaux comptés | dont > 10 000 | p50 (ms) | p95 (ms) | part du temps des totaux | tampons / total | parcours |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      (r) =>
        `| ${r.kind} | ${r.searches} | ${r.counted} | ${r.aboveCap ?? 0} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${((100 * r.sum) / total).toFixed(0)} % | ${r.buffers.toFixed(0)} | ${r.scans} |`,
    ),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      flux: { type: 'string', default: '2000000' },
      'database-url': { type: 'string' },
      searches: { type: 'string', default: '1000' },
      plans: { type: 'string', default: '1' },
    },
  });
  const rows = await benchCountPlans({
    flux: Number(values.flux),
    databaseUrl: values['database-url'] ?? process.env.DATABASE_URL,
    searches: Number(values.searches),
    plans: Number(values.plans),
    log: (line) => console.log(line),
  });
  console.log(`\n${formatCountPlanTable(rows)}`);
}
