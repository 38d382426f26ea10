import {
  COUNT_LIMIT,
  DEFAULT_ORDER_BY,
  SEARCH_COUNT,
  SEARCH_PAGE,
  SEARCH_PAGE_AND_COUNT,
  SEARCH_PAGE_WITH_ESTIMATE,
  settledTotal,
} from '../../../apps/web/src/features/flux-search/api/search-flux-queries';
import { startHealthProbe } from './health-probe';
import { cpuTicks, startPostgresCpu } from './postgres-cpu';
import { SEARCH_KINDS, type SearchKind, type VariedSearch } from './varied-searches';

/**
 * How a search is sent: 'page+count' as the page sent it before its count followed the page (R-SEARCH-13; the page and its
 * capped total in one request), 'page, count' as two requests sent together, 'page then
 * count' as the page sends it now: the first page with the planner's word on its total
 * (a total it expects small counted with the page); the count only when that page did not
 * settle it (fewer rows than asked, far above the cap, or counted with it: settledTotal).
 */
export type MixMode = 'page+count' | 'page, count' | 'page then count';

export interface LatencyStats {
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface MixRun {
  mode: MixMode;
  connections: number;
  /** Sent with Cache-Control: no-cache (the server's shared reads bypassed). */
  fresh: boolean;
  /** The server's GraphQL caches switched off (BENCH_CACHES_OFF), '' for none. */
  cachesOff?: string;
  seconds: number;
  searchesPerSecond: number;
  errors: number;
  /** Time until the page (the table) is there, per kind and overall. */
  overall: LatencyStats;
  kinds: Array<{ kind: SearchKind } & LatencyStats>;
  /** Time until the total is there too (the modes with two requests). */
  total?: LatencyStats;
  /** Searches that sent a count request ('page then count': those their page did not settle). */
  countsSent: number;
  /** PostgreSQL backends' CPU time per search (postgres-cpu.ts); null on PGlite. */
  postgresCpuMsPerSearch: number | null;
  /** The server process's CPU time per search (its own process only). */
  serverCpuMsPerSearch: number | null;
  /** Slowest /api/health answer while the mix ran (probed every 500 ms). */
  healthMaxMs: number;
}

export interface MixTarget {
  address: string;
  token: string;
  /** The structure the page acts for (?structureId=). */
  structureId: number;
  searches: readonly VariedSearch[];
  /** Set on PostgreSQL: its backends' CPU is measured. */
  databaseUrl?: string;
  /** Set when the server runs in its own process: its CPU is measured. */
  serverPid?: number;
}

const PAGE_SIZE = 30;
let cursor = 0;

/**
 * `connections` users each sending the next search of the list as soon as their previous
 * one is answered, for `seconds`. Successive runs go on through the list, so a run does
 * not repeat the searches its warm-up just sent.
 */
export async function runMix(
  target: MixTarget,
  options: { mode: MixMode; connections: number; seconds: number; fresh: boolean },
): Promise<MixRun> {
  const pageTimes = new Map<SearchKind, number[]>(SEARCH_KINDS.map((kind) => [kind, []]));
  const totalTimes: number[] = [];
  let errors = 0;
  let done = 0;
  let counted = 0;
  const cpu = target.databaseUrl ? await startPostgresCpu(target.databaseUrl) : null;
  // /api/health every 500 ms while the mix runs; a failed answer counts as slow as it took.
  const health = startHealthProbe(target.address, 500);
  const serverTicks = target.serverPid ? await cpuTicks(target.serverPid) : null;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const user = async () => {
    while (performance.now() < deadline) {
      const search = target.searches[cursor++ % target.searches.length] as VariedSearch;
      const sent = performance.now();
      try {
        if (options.mode === 'page+count') {
          await post(target, options.fresh, SEARCH_PAGE_AND_COUNT, pageVariables(search, true));
          pageTimes.get(search.kind)?.push(performance.now() - sent);
        } else if (options.mode === 'page then count') {
          const page = (await post(target, options.fresh, SEARCH_PAGE_WITH_ESTIMATE, pageVariables(search, true))) as {
            rows: unknown[];
            estimate: { aggregate: { count: number } | null };
          };
          pageTimes.get(search.kind)?.push(performance.now() - sent);
          const settled = settledTotal(
            { rows: page.rows, totalWithPage: page.estimate.aggregate?.count ?? null },
            0,
            PAGE_SIZE,
          );
          if (settled === null) {
            await post(target, options.fresh, SEARCH_COUNT, { where: search.where, cap: COUNT_LIMIT });
            counted += 1;
          }
          totalTimes.push(performance.now() - sent);
        } else {
          const page = post(target, options.fresh, SEARCH_PAGE, pageVariables(search, false)).then(() =>
            pageTimes.get(search.kind)?.push(performance.now() - sent),
          );
          const total = post(target, options.fresh, SEARCH_COUNT, { where: search.where, cap: COUNT_LIMIT });
          await Promise.all([page, total]);
          totalTimes.push(performance.now() - sent);
        }
        done += 1;
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, user));
  const elapsed = (performance.now() - started) / 1000;
  const cpuMs = cpu ? await cpu.stop() : null;
  const healthMaxMs = (await health.stop()).samples.reduce((worst, ms) => Math.max(worst, ms), 0);
  const serverTicksEnd = target.serverPid ? await cpuTicks(target.serverPid) : null;
  const serverCpuMs = serverTicks === null || serverTicksEnd === null ? null : (serverTicksEnd - serverTicks) * 10;
  const all = [...pageTimes.values()].flat();
  return {
    ...options,
    seconds: elapsed,
    searchesPerSecond: done / elapsed,
    errors,
    overall: stats(all),
    kinds: SEARCH_KINDS.map((kind) => ({ kind, ...stats(pageTimes.get(kind) ?? []) })),
    ...(options.mode === 'page+count' ? {} : { total: stats(totalTimes) }),
    countsSent: options.mode === 'page then count' ? counted : done,
    postgresCpuMsPerSearch: cpuMs === null || done === 0 ? null : cpuMs / done,
    serverCpuMsPerSearch: serverCpuMs === null || done === 0 ? null : serverCpuMs / done,
    healthMaxMs,
  };
}

function pageVariables(search: VariedSearch, withCap: boolean): Record<string, unknown> {
  return {
    where: search.where,
    orderBy: DEFAULT_ORDER_BY,
    limit: PAGE_SIZE,
    offset: 0,
    ...(withCap ? { cap: COUNT_LIMIT } : {}),
  };
}

/** One GraphQL request as the web app's graphqlRequest sends it (with a structureId): its data; throws on an HTTP or GraphQL error. */
async function post(
  target: MixTarget,
  fresh: boolean,
  query: string,
  variables: Record<string, unknown>,
): Promise<unknown> {
  const response = await fetch(`${target.address}/v1/graphql?structureId=${target.structureId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${target.token}`,
      ...(fresh ? { 'cache-control': 'no-cache' } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  if (!response.ok || text.startsWith('{"errors"')) throw new Error(`${response.status} ${text.slice(0, 200)}`);
  return (JSON.parse(text) as { data: unknown }).data;
}

export function stats(values: readonly number[]): LatencyStats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}
