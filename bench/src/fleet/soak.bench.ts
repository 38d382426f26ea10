/**
 * The soak of two instances behind nginx (R-OPS-13): the documented deployment
 * (deploy/nginx/gdf.conf, Debian's nginx, not root, started by the test support) in front of two
 * production server processes on the PostgreSQL bench database, with TRUST_PROXY; 20 clients
 * send a mix of reads (the search page's GraphQL query drawn from the varied searches, /api/me,
 * the accounting settings) and writes (a new analytic section, acknowledged 201 with its id)
 * for 10 minutes; one instance is killed (SIGKILL) at half time and not restarted. Reported:
 * acknowledged writes missing from the database afterwards, the error rate and which requests
 * failed, p95 per kind, nginx's attempts on the dead instance. The sections it wrote, and their
 * audit rows, are deleted at the end: gdf_bench stays as seeded.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../../apps/server/src/db/database';
import { DEMO_SEPA_ICS } from '../../../apps/server/src/modules/exports-sepa/sepa-settings';
import { issueMissingDocuments } from '../../../apps/server/src/modules/flux-documents/issue-documents';
import {
  lostSectionWrites,
  percentile,
  sectionWrite,
  sendRequest,
  startMixedLoad,
  type LoadClient,
  type LoadKind,
  type RequestRecord,
} from '../../../apps/server/test/integration/support/mixed-load';
import { startNginxProxy, type NginxProxy } from '../../../apps/server/test/integration/support/nginx-proxy';
import { freePort } from '../../../apps/server/test/integration/support/tcp-ports';
import {
  COUNT_LIMIT,
  DEFAULT_ORDER_BY,
  SEARCH_PAGE_WITH_ESTIMATE,
} from '../../../apps/web/src/features/flux-search/api/search-flux-queries';
import type { BenchResult } from '../bench-result';
import { startServerProcess, type ServerProcess } from '../load/server-process';
import { variedSearches, type VariedSearch } from '../load/varied-searches';

export interface SoakOptions {
  root: string;
  databaseUrl: string;
  database: Database;
  minutes: number;
  clients: number;
  /** Mean pause of a client between an answer and its next request (uniform in 0..2x). */
  thinkMs: number;
  log: (line: string) => void;
}

/** The users of the clients, in turn: the head office's staff, a ligue's and a comité's. */
const USERS = ['siege@demo.fr', 'siege@demo.fr', 'ligue@demo.fr', 'comite@demo.fr'];
const P95_BAR_MS = 300;
/** 0.1 %, counted per 100,000 requests: the table rounds a percentage to 0.1. */
const ERRORS_PER_100K_BAR = 100;

export async function benchSoak(options: SoakOptions): Promise<BenchResult[]> {
  const { database, log } = options;
  // The server issues older flux's documents at start: done first, or it would run in the soak.
  const issued = await issueMissingDocuments(database, { creditorIdentifier: DEMO_SEPA_ICS }, { batchSize: 50_000 });
  if (issued > 0) log(`  documents émis d'abord pour ${issued.toLocaleString('fr-FR')} flux`);
  const searches = await variedSearches(database, 6_000);
  const run = `Z${randomBytes(2).toString('hex').toUpperCase()}`;
  const ports = [await freePort(), await freePort()];
  // One deployment: one JWT secret; the proxy's address believed (TRUST_PROXY); tokens outlive the soak.
  const env = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    TRUST_PROXY: '127.0.0.1',
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    LOG_LEVEL: 'warn',
  };
  const servers: ServerProcess[] = [];
  let proxy: NginxProxy | undefined;
  try {
    servers.push(
      await startServerProcess(options.root, options.databaseUrl, { env: { ...env, PORT: String(ports[0]) } }),
    );
    servers.push(
      await startServerProcess(options.root, options.databaseUrl, {
        env: { ...env, PORT: String(ports[1]) },
        build: false,
      }),
    );
    proxy = await startNginxProxy(ports.map((port) => `127.0.0.1:${port}`));
    const clients = await signIn(proxy, options.clients);
    log(
      `  ${options.clients} clients (${USERS.join(', ')} tour à tour), ${options.minutes} min, pause moyenne ${options.thinkMs} ms ; ` +
        `instance 127.0.0.1:${ports[0]} tuée (SIGKILL) à ${(options.minutes / 2).toFixed(1)} min`,
    );

    const load = startMixedLoad({
      url: proxy.url,
      ca: proxy.certificate,
      clients,
      kinds: soakMix(run, searches),
      thinkMs: options.thinkMs,
    });
    const startedAt = performance.now();
    const halfMs = (options.minutes * 60_000) / 2;
    const progress = setInterval(() => {
      const records = load.records();
      log(
        `  ${((performance.now() - startedAt) / 60_000).toFixed(1)} min : ${records.length} requêtes, ${records.filter((r) => !r.ok).length} en échec`,
      );
    }, 60_000);
    await new Promise((resolve) => setTimeout(resolve, halfMs));
    const killedAt = performance.now();
    process.kill(servers[0]!.pid!, 'SIGKILL');
    await servers[0]!.stop(); // returns once the killed process is gone
    const exitedAt = performance.now();
    const exitedClock = Date.now();
    log(`  instance tuée à ${((killedAt - startedAt) / 60_000).toFixed(2)} min`);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, startedAt + 2 * halfMs - performance.now())));
    const records = await load.stop();
    clearInterval(progress);
    const endedAt = performance.now();

    const accessLog = await proxy.accessLog();
    const dead = `127.0.0.1:${ports[0]}`;
    const survivor = `127.0.0.1:${ports[1]}`;
    const lost = (await lostSectionWrites(database, records)).length;
    const failures = records.filter((record) => !record.ok);
    const underWay = records.filter((record) => record.startedAt < exitedAt && record.endedAt > killedAt);
    const failedUnderWay = failures.filter(
      (record) => underWay.includes(record) && record.method === 'POST' && record.status === 502,
    );
    const badGatewaysOnDead = accessLog.filter((line) => line.status === 502 && line.upstreams.at(-1) === dead).length;
    // Requests nginx read once the instance was gone (100 ms of slack between the two clocks).
    const probes = accessLog.filter((line) => line.startedAt > exitedClock + 100 && line.upstreams.includes(dead));
    const replays = records.filter((record) => record.status === 409).length;
    const errorsPer100k = (100_000 * failures.length) / records.length;
    const seconds = (endedAt - startedAt) / 1000;
    const latencies = (subset: readonly RequestRecord[]) => subset.map((record) => record.endedAt - record.startedAt);
    const answered = records.filter((record) => record.ok);
    const kinds = [...new Set(records.map((record) => record.kind))];
    const before = answered.filter((record) => record.endedAt < killedAt);
    const after = answered.filter((record) => record.startedAt > exitedAt);
    const acknowledged = records.filter((record) => record.write && record.ok).length;
    log(
      `  ${records.length} requêtes en ${seconds.toFixed(0)} s (${(records.length / seconds).toFixed(1)}/s), ` +
        `${failures.length} en échec dont ${failedUnderWay.length} en cours sur l'instance tuée ; ` +
        `${acknowledged} écritures acquittées, ${lost} perdues ; p95 ${percentile(latencies(answered), 95).toFixed(0)} ms ` +
        `(avant ${percentile(latencies(before), 95).toFixed(0)} ms, après ${percentile(latencies(after), 95).toFixed(0)} ms) ; ` +
        `nginx : ${probes.length} essais sur l'instance morte, tous passés à ${survivor} : ${probes.every((line) => line.upstreams.at(-1) === survivor)}`,
    );
    for (const failure of failures)
      log(
        `    échec : ${failure.method} ${failure.kind} ${failure.status} (${failure.startedAt < killedAt ? 'envoyée avant' : 'envoyée après'} le kill)`,
      );

    return [
      {
        name: `Écritures acquittées (201 et leur id) absentes de la base après le soak (${acknowledged} acquittées)`,
        value: lost,
        unit: 'écritures',
        bar: 0,
        pass: lost === 0 && acknowledged > 0,
      },
      {
        name: `Taux d'erreur, pour 100 000 requêtes (barre 0,1 % ; ${failures.length} en échec sur ${records.length.toLocaleString('fr-FR')} requêtes, ${((100 * failures.length) / records.length).toFixed(4).replace('.', ',')} %, dont ${failedUnderWay.length} POST en cours sur l'instance tuée, 502 de nginx)`,
        value: errorsPer100k,
        unit: 'pour 100 000',
        bar: ERRORS_PER_100K_BAR,
        pass: errorsPer100k <= ERRORS_PER_100K_BAR,
      },
      {
        name: `Échecs hors des requêtes en cours sur l'instance tuée (et POST renvoyés à l'autre instance, 409 : ${replays})`,
        value: failures.length - failedUnderWay.length + replays,
        unit: 'requêtes',
        bar: 0,
        pass: failures.length === failedUnderWay.length && replays === 0 && badGatewaysOnDead === failedUnderWay.length,
      },
      {
        name: `p95 de toutes les requêtes (p50 ${percentile(latencies(answered), 50).toFixed(0)} ms ; ${(records.length / seconds).toFixed(1)} requêtes/s)`,
        value: percentile(latencies(answered), 95),
        unit: 'ms',
        bar: P95_BAR_MS,
        pass: percentile(latencies(answered), 95) <= P95_BAR_MS,
      },
      ...kinds.map((kind) => {
        const ofKind = latencies(answered.filter((record) => record.kind === kind));
        const p95 = percentile(ofKind, 95);
        return {
          name: `p95 ${kind} (p50 ${percentile(ofKind, 50).toFixed(0)} ms, ${ofKind.length} requêtes)`,
          value: p95,
          unit: 'ms',
          bar: P95_BAR_MS,
          pass: p95 <= P95_BAR_MS,
        };
      }),
      {
        name: `p95 après le kill, une instance seule (avant : ${percentile(latencies(before), 95).toFixed(0)} ms)`,
        value: percentile(latencies(after), 95),
        unit: 'ms',
        bar: P95_BAR_MS,
        pass: true,
        reference: true,
      },
      {
        name: `nginx : requêtes essayées sur l'instance morte après sa mort, toutes passées à l'autre (une par fail_timeout de 10 s au plus)`,
        value: probes.length,
        unit: 'essais',
        bar: Math.ceil((endedAt - killedAt) / 10_000) + 1,
        pass: true,
        reference: true,
      },
    ];
  } finally {
    await proxy?.stop();
    await Promise.all(servers.map((server) => server.stop()));
    // The soak's own rows: gdf_bench stays as seeded for the other steps.
    await database.query(
      `DELETE FROM "APP_AuditLog" WHERE "TableCible" = 'CPT_SectionAnalytique'
          AND "ID_Cible" IN (SELECT id FROM "CPT_SectionAnalytique" WHERE "Code" LIKE $1)`,
      [`${run}%`],
    );
    await database.query(`DELETE FROM "CPT_SectionAnalytique" WHERE "Code" LIKE $1`, [`${run}%`]);
  }
}

/** Each client signs in through the proxy as its user, for the structure it acts for. */
async function signIn(proxy: NginxProxy, count: number): Promise<LoadClient[]> {
  const clients: LoadClient[] = [];
  for (let index = 0; index < count; index += 1) {
    const email = USERS[index % USERS.length]!;
    const login = await proxiedJson(proxy, 'POST', '/api/auth/login', undefined, { email, password: 'demo1234' });
    const token = (login as { token: string }).token;
    const me = (await proxiedJson(proxy, 'GET', '/api/me', token)) as { memberships: Array<{ structureId: number }> };
    clients.push({ index, token, structureId: me.memberships[0]!.structureId });
  }
  return clients;
}

async function proxiedJson(proxy: NginxProxy, method: string, path: string, token?: string, body?: unknown) {
  const answer = await sendRequest(proxy.url, { method, path, ca: proxy.certificate, token, body });
  if (answer.status !== 200)
    throw new Error(`${method} ${path} à travers nginx : HTTP ${answer.status} ${answer.text}`);
  return answer.json;
}

/**
 * The search page's first request (the page and the planner's word on its total, R-SEARCH-13),
 * /api/me and the settings page (GET), and a new analytic section (the write).
 */
function soakMix(run: string, searches: readonly VariedSearch[]): LoadKind[] {
  return [
    {
      name: 'recherche (GraphQL, page de la recherche)',
      weight: 4,
      request: (client, sequence) => {
        const search = searches[(client.index * 7919 + sequence) % searches.length]!;
        return {
          method: 'POST',
          path: '/v1/graphql',
          body: {
            query: SEARCH_PAGE_WITH_ESTIMATE,
            variables: { where: search.where, orderBy: DEFAULT_ORDER_BY, limit: 30, offset: 0, cap: COUNT_LIMIT },
          },
        };
      },
    },
    { name: 'GET /api/me', weight: 1.5, request: () => ({ method: 'GET', path: '/api/me' }) },
    {
      name: 'GET paramètres comptables',
      weight: 1.5,
      request: () => ({ method: 'GET', path: '/api/parametrages-comptables/parametres' }),
    },
    sectionWrite(run, 3, 'Section du soak'),
  ];
}
