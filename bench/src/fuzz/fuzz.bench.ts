import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../../../apps/server/src/app';
import { openDatabase, type Database } from '../../../apps/server/src/db/database';
import { fuzzRoles, runFuzz, type FuzzReport } from '../../../apps/server/test/integration/fuzz/fuzz-run';
import { seedSmallData, TEST_TODAY } from '../../../apps/server/test/integration/support/small-seed';
import type { BenchResult } from '../bench-result';

/** The seed of `npm test`'s run (routes-fuzz.test.ts) is another one: the bench sends other requests. */
export const FUZZ_BENCH_SEED = 20_270_104;
/** R-SEC-20: at least this many requests in the bench run, every engine together. */
export const FUZZ_BENCH_BAR = 50_000;

export interface FuzzBenchOptions {
  /** The PostgreSQL server of the bench (a database of its own is made there, then dropped). */
  pgUrl: string;
  requestsPerEngine: number;
  skipPglite: boolean;
  seed?: number;
  log: (line: string) => void;
}

/**
 * The route fuzzer (R-SEC-20) at the bench's size, on a small demo database made for it on
 * each engine and thrown away after: the fuzzer writes (its accepted requests do), so it
 * never touches the bench's own databases. The same generator and checks as `npm test`.
 */
export async function benchFuzz(options: FuzzBenchOptions): Promise<BenchResult[]> {
  const seed = options.seed ?? FUZZ_BENCH_SEED;
  const engines: Array<{ engine: string; open: () => Promise<{ database: Database; drop(): Promise<void> }> }> = [
    { engine: 'PostgreSQL', open: () => openScratchPostgres(options.pgUrl) },
    ...(options.skipPglite
      ? []
      : [
          {
            engine: 'PGlite',
            open: async () => ({ database: await openDatabase({ memory: true }), drop: async () => {} }),
          },
        ]),
  ];
  const results: BenchResult[] = [];
  let total = 0;
  for (const { engine, open } of engines) {
    options.log(`${engine} : base de démonstration réduite pour le fuzzer...`);
    const { database, drop } = await open();
    try {
      await seedSmallData(database);
      const app = await buildApp({
        database,
        jwtSecret: randomBytes(32).toString('hex'),
        loginRateLimit: false,
        graphqlIntrospection: true,
        // The roles' tokens outlive a long run.
        accessTokenLifetimeSeconds: 4 * 3600,
        ledgerClock: () => TEST_TODAY,
      });
      try {
        await app.ready();
        const roles = await fuzzRoles(app, database);
        options.log(`${engine} : ${options.requestsPerEngine.toLocaleString('fr-FR')} requêtes, graine ${seed}...`);
        const report = await runFuzz({
          app,
          database,
          roles,
          seed,
          requests: options.requestsPerEngine,
          log: options.log,
        });
        logReport(engine, report, options.log);
        total += report.requests;
        results.push(...engineResults(engine, report, options.requestsPerEngine));
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
      await drop();
    }
  }
  results.push({
    name: `Requêtes du fuzzer, tous moteurs (${engines.map((e) => e.engine).join(' et ')})`,
    value: total,
    unit: '',
    bar: FUZZ_BENCH_BAR,
    direction: 'min',
    pass: total >= FUZZ_BENCH_BAR,
  });
  return results;
}

function engineResults(engine: string, report: FuzzReport, asked: number): BenchResult[] {
  const seconds = report.durationMs / 1000;
  const refused = Object.entries(report.statuses)
    .filter(([status]) => Number(status) >= 400)
    .reduce((sum, [, count]) => sum + count, 0);
  return [
    {
      name: `${engine} : requêtes envoyées (graine ${report.seed} ; ${refused.toLocaleString('fr-FR')} refusées en 4xx ; ${seconds.toFixed(0)} s, ${(report.requests / seconds).toFixed(0)} requêtes/s)`,
      value: report.requests,
      unit: '',
      bar: asked,
      direction: 'min',
      pass: report.requests >= asked,
    },
    {
      name: `${engine} : réponses 5xx`,
      value: report.serverErrors.length,
      unit: '',
      bar: 0,
      pass: report.serverErrors.length === 0,
    },
    {
      name: `${engine} : refus qui ont changé des lignes (comptes de toutes les tables)`,
      value: report.rowChanges.length,
      unit: '',
      bar: 0,
      pass: report.rowChanges.length === 0,
    },
    {
      name: `${engine} : messages de refus vides ou pas en français`,
      value: report.nonFrench.length,
      unit: '',
      bar: 0,
      pass: report.nonFrench.length === 0,
    },
  ];
}

function logReport(engine: string, report: FuzzReport, log: (line: string) => void): void {
  const statuses = Object.entries(report.statuses)
    .map(([status, count]) => `${status} : ${count.toLocaleString('fr-FR')}`)
    .join(', ');
  log(
    `${engine} : ${report.requests.toLocaleString('fr-FR')} requêtes en ${(report.durationMs / 1000).toFixed(1)} s (${statuses}) ; ` +
      `5xx : ${report.serverErrors.length}, lignes changées par un refus : ${report.rowChanges.length}, ` +
      `messages non français : ${report.nonFrench.length}, messages distincts : ${report.messages.size}`,
  );
  for (const failure of [...report.serverErrors, ...report.rowChanges, ...report.nonFrench].slice(0, 20))
    log(`  ${failure.slice(0, 1_500)}`);
}

/** A database of its own on the bench's PostgreSQL server, dropped afterwards. */
async function openScratchPostgres(serverUrl: string): Promise<{ database: Database; drop(): Promise<void> }> {
  const name = `gdf_fuzz_bench_${randomBytes(4).toString('hex')}`;
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const adminQuery = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await adminQuery(`CREATE DATABASE ${name}`);
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  try {
    return {
      database: await openDatabase({ url: target.toString(), statementTimeoutMs: 0 }),
      drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  } catch (error) {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  }
}
