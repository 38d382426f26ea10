/**
 * The varied-search load (R-PERF-03): 6,000 seeded searches of ten kinds drawn from the data,
 * sent through the GraphQL API as the search page sends them, by 10 and 50 concurrent
 * users, 20 s each after a 5 s warm-up, with the server's shared reads bypassed
 * (Cache-Control: no-cache) and not. PostgreSQL: the production server in its own process;
 * PGlite: the app in this process (its database is in the server's process anyway).
 *   npx tsx bench/src/load/varied-mix.bench.ts --flux 2000000 --database-url postgres://postgres@127.0.0.1:5432/gdf_bench
 * Options: --connections 10,50 --seconds 20 --modes "page then count|page+count|page, count" --cache off,on --searches 6000
 * What each GraphQL cache earns (ADR 0040): --caches-off "|prepared|documents" --rounds 2 runs the whole set
 * once per configuration ('' = every cache on; names of graphql/execution/caches.ts, comma-separated), each on its
 * own server process, and again for every round, so A and B alternate on a machine whose load drifts.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../../../apps/server/src/app';
import type { Database } from '../../../apps/server/src/db/database';
import { parseCachesOff } from '../../../apps/server/src/graphql/execution/caches';
import type { BenchResult } from '../bench-result';
import { DEMO_SEPA_ICS } from '../../../apps/server/src/modules/exports-sepa/sepa-settings';
import { issueMissingDocuments } from '../../../apps/server/src/modules/flux-documents/issue-documents';
import { openBenchDatabase } from '../search/bench-database';
import { login } from '../search/search.bench';
import { startServerProcess } from './server-process';
import { runMix, type MixMode, type MixRun, type MixTarget } from './varied-load';
import { SEARCH_KINDS, variedSearches } from './varied-searches';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const WARMUP_S = 5;
/** The mode the page sends now (R-SEARCH-13), and the one it sent before (the ratio's base). */
export const CURRENT_MODE: MixMode = 'page then count';
export const PREVIOUS_MODE: MixMode = 'page+count';

export interface MixBenchOptions {
  databaseUrl?: string;
  flux: number;
  searches?: number;
  connections?: number[];
  seconds?: number;
  modes?: MixMode[];
  /** false: Cache-Control: no-cache (every statement runs); true: the shared reads as in production. */
  cache?: boolean[];
  /** Server configurations, each the GraphQL caches it switches off (BENCH_CACHES_OFF); default [''] (none). */
  cachesOff?: string[];
  /** How many times the configurations follow each other (A, B, A, B...). */
  rounds?: number;
  log?: (line: string) => void;
}

export async function benchVariedMix(options: MixBenchOptions): Promise<MixRun[]> {
  const log = options.log ?? (() => undefined);
  const database = await openBenchDatabase(options, log);
  // The server issues the documents of older flux in the background when it starts: done
  // here first, or that backfill would run during the measure.
  const issued = await issueMissingDocuments(database, { creditorIdentifier: DEMO_SEPA_ICS }, { batchSize: 50_000 });
  if (issued > 0) log(`  documents émis d'abord pour ${issued.toLocaleString('fr-FR')} flux`);
  const searches = await variedSearches(database, options.searches ?? 6_000);
  const distinct = new Set(searches.map((search) => JSON.stringify(search.where))).size;
  log(`  ${searches.length} recherches de ${SEARCH_KINDS.length} sortes, ${distinct} distinctes`);
  const structureId = await headOfficeId(database);
  const runs: MixRun[] = [];
  let built = false;
  try {
    for (let round = 0; round < (options.rounds ?? 1); round += 1) {
      for (const cachesOff of options.cachesOff ?? ['']) {
        const server = await startServer(options.databaseUrl, database, cachesOff, !built);
        built = true;
        try {
          const target: MixTarget = {
            address: server.address,
            token: await login(server.address),
            structureId,
            searches,
            ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
            ...(server.pid ? { serverPid: server.pid } : {}),
          };
          runs.push(...(await runSet(target, options, cachesOff, log)));
        } finally {
          await server.stop();
        }
      }
    }
    return runs;
  } finally {
    await database.close();
  }
}

/** Every connection count x cache x mode of the options on one server, each after its warm-up. */
async function runSet(target: MixTarget, options: MixBenchOptions, cachesOff: string, log: (line: string) => void) {
  const runs: MixRun[] = [];
  for (const connections of options.connections ?? [10, 50]) {
    for (const cached of options.cache ?? [false, true]) {
      for (const mode of options.modes ?? [CURRENT_MODE, PREVIOUS_MODE]) {
        await runMix(target, { mode, connections, seconds: WARMUP_S, fresh: !cached });
        const run = {
          ...(await runMix(target, { mode, connections, seconds: options.seconds ?? 20, fresh: !cached })),
          ...(cachesOff ? { cachesOff } : {}),
        };
        log(`  ${describeRun(run)}`);
        runs.push(run);
      }
    }
  }
  return runs;
}

async function startServer(databaseUrl: string | undefined, database: Database, cachesOff: string, build: boolean) {
  if (databaseUrl) return startServerProcess(root, databaseUrl, { env: { BENCH_CACHES_OFF: cachesOff }, build });
  const app = await buildApp({
    database,
    jwtSecret: randomBytes(32).toString('hex'),
    loginRateLimit: false,
    graphqlCachesOff: parseCachesOff(cachesOff),
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { address, pid: undefined, stop: () => app.close() };
}

/** The structure siege@demo.fr acts for (the mix searches as the head office). */
export async function headOfficeId(database: Database): Promise<number> {
  const [row] = await database.query<{ id: number }>(
    `SELECT su."ID_Structure" AS id FROM "UTI_Login" l
       JOIN "STR_StructureUtilisateur" su ON su."ID_Utilisateur" = l."ID_Utilisateur"
      WHERE l."Email" = 'siege@demo.fr' ORDER BY su.id LIMIT 1`,
  );
  if (!row) throw new Error('Structure de siege@demo.fr introuvable');
  return row.id;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const MODE_LABELS: Record<MixMode, string> = {
  'page+count': 'page + total en une requête',
  'page, count': 'page et total envoyés ensemble',
  'page then count': 'page (et estimation) puis total s’il manque',
};
const label = (run: MixRun) =>
  `${MODE_LABELS[run.mode]}, ${run.connections} connexions, ${run.fresh ? 'sans cache' : 'lectures partagées'}` +
  (run.cachesOff ? `, caches coupés : ${run.cachesOff}` : '');

export function describeRun(run: MixRun): string {
  const cpu =
    (run.postgresCpuMsPerSearch === null
      ? ''
      : `, CPU PostgreSQL ${run.postgresCpuMsPerSearch.toFixed(1)} ms/recherche`) +
    (run.serverCpuMsPerSearch === null ? '' : `, CPU serveur ${run.serverCpuMsPerSearch.toFixed(1)} ms/recherche`);
  const counts = run.mode === 'page then count' ? `, totaux comptés ${run.countsSent} / ${run.overall.count}` : '';
  return `${label(run)} : ${run.searchesPerSecond.toFixed(1)} recherches/s${counts}, page p50 ${ms(run.overall.p50)} p95 ${ms(run.overall.p95)} p99 ${ms(run.overall.p99)}${run.total ? `, total p95 ${ms(run.total.p95)}` : ''}, ${run.errors} erreurs${cpu}, /api/health au pire ${ms(run.healthMaxMs)}`;
}

/** Per kind and overall, one Markdown table per run. */
export function formatMixTable(runs: readonly MixRun[]): string {
  return runs
    .map((run) => {
      const lines = [
        `**${label(run)}** : ${run.searchesPerSecond.toFixed(1)} recherches/s, ${run.errors} erreurs` +
          (run.postgresCpuMsPerSearch === null
            ? ''
            : `, CPU PostgreSQL ${run.postgresCpuMsPerSearch.toFixed(1)} ms par recherche`) +
          (run.serverCpuMsPerSearch === null
            ? ''
            : `, CPU serveur ${run.serverCpuMsPerSearch.toFixed(1)} ms par recherche`) +
          `, /api/health au pire ${ms(run.healthMaxMs)}`,
        '',
        '| Sorte | recherches | p50 (ms) | p95 (ms) | p99 (ms) |',
        '| --- | ---: | ---: | ---: | ---: |',
        ...run.kinds.map(
          (k) => `| ${k.kind} | ${k.count} | ${k.p50.toFixed(0)} | ${k.p95.toFixed(0)} | ${k.p99.toFixed(0)} |`,
        ),
        `| **toutes (page)** | ${run.overall.count} | ${run.overall.p50.toFixed(0)} | ${run.overall.p95.toFixed(0)} | ${run.overall.p99.toFixed(0)} |`,
        ...(run.total
          ? [
              `| total affiché | ${run.total.count} | ${run.total.p50.toFixed(0)} | ${run.total.p95.toFixed(0)} | ${run.total.p99.toFixed(0)} |`,
            ]
          : []),
      ];
      return lines.join('\n');
    })
    .join('\n\n');
}

/**
 * The bars of R-PERF-03 from the runs: at 10 connections without cache, p95 <= 300 ms
 * overall and per kind (PostgreSQL; PGlite: 5 connections, 500 ms), 0 errors, and the
 * current mode's throughput against the previous one's in the same run.
 */
export function mixResults(runs: readonly MixRun[], engine: string, connections: number, bar: number): BenchResult[] {
  const results: BenchResult[] = [];
  const current = runs.find((r) => r.fresh && r.connections === connections && r.mode === CURRENT_MODE);
  const previous = runs.find((r) => r.fresh && r.connections === connections && r.mode === PREVIOUS_MODE);
  if (current) {
    results.push(
      {
        name: `${engine} : mélange varié, ${connections} connexions, sans cache, p95 de la page (toutes sortes)`,
        value: current.overall.p95,
        unit: 'ms',
        bar,
        pass: current.overall.p95 <= bar,
      },
      ...current.kinds.map((k) => ({
        name: `${engine} : mélange, ${connections} connexions, p95 ${k.kind} (p50 ${k.p50.toFixed(0)} ms, ${k.count} recherches)`,
        value: k.p95,
        unit: 'ms',
        bar,
        pass: k.p95 <= bar,
      })),
      { name: `${engine} : mélange, erreurs`, value: current.errors, unit: '', bar: 0, pass: current.errors === 0 },
      {
        name: `${engine} : mélange, /api/health au pire pendant la charge`,
        value: current.healthMaxMs,
        unit: 'ms',
        bar: 1000,
        pass: current.healthMaxMs < 1000,
      },
    );
  }
  if (current && previous) {
    const ratio = current.searchesPerSecond / previous.searchesPerSecond;
    results.push({
      name: `${engine} : recherches/s page (et estimation) puis total s’il manque (${current.searchesPerSecond.toFixed(1)}) / page + total en une requête (${previous.searchesPerSecond.toFixed(1)})`,
      value: ratio,
      unit: 'x',
      bar: 2,
      pass: ratio >= 2,
      direction: 'min',
    });
  }
  for (const run of runs) {
    if (run === current || run === previous) continue;
    results.push({
      name: `${engine} : ${label(run)} : recherches/s (page p95 ${run.overall.p95.toFixed(0)} ms, ${run.errors} erreurs)`,
      value: run.searchesPerSecond,
      unit: 'rech./s',
      bar: 0,
      pass: run.errors === 0,
      reference: true,
    });
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      flux: { type: 'string', default: '2000000' },
      'database-url': { type: 'string' },
      connections: { type: 'string', default: '10,50' },
      seconds: { type: 'string', default: '20' },
      modes: { type: 'string', default: `${CURRENT_MODE}|${PREVIOUS_MODE}` },
      cache: { type: 'string', default: 'off,on' },
      searches: { type: 'string', default: '6000' },
      'caches-off': { type: 'string', default: '' },
      rounds: { type: 'string', default: '1' },
    },
  });
  const runs = await benchVariedMix({
    flux: Number(values.flux),
    databaseUrl: values['database-url'] ?? process.env.DATABASE_URL,
    searches: Number(values.searches),
    connections: values.connections.split(',').map(Number),
    seconds: Number(values.seconds),
    modes: values.modes.split('|') as MixMode[],
    cache: values.cache.split(',').map((value) => value === 'on'),
    cachesOff: values['caches-off'].split('|'),
    rounds: Number(values.rounds),
    log: (line) => console.log(line),
  });
  console.log(`\n${formatMixTable(runs)}`);
}
