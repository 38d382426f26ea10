import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabaseTargets, type TestDatabase } from '../support/databases';
import {
  lostSectionWrites,
  sectionWrite,
  sendRequest,
  startMixedLoad,
  type Answer,
  type LoadClient,
  type LoadKind,
  type RequestRecord,
} from '../support/mixed-load';
import { startNginxProxy, type NginxProxy } from '../support/nginx-proxy';
import { freePort } from '../support/tcp-ports';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { seedSmall } from '../support/test-app';

const postgres = testDatabaseTargets().find((target) => target.name === 'postgres');
/** Users who may write their structure's analytic sections (R-PERM-06), two clients each. */
const WRITERS = ['siege@demo.fr', 'ligue@demo.fr', 'comite@demo.fr'];
const CLIENTS_PER_USER = 2;
/** Answers before the signal, and after the instance is gone. Counts, never durations. */
const ANSWERS_BEFORE = 60;
const ANSWERS_AFTER = 90;

/**
 * R-OPS-12: the documented deployment (deploy/nginx/gdf.conf in front of two server processes on
 * one PostgreSQL database, TRUST_PROXY set) under a mixed load of reads and writes. Killed
 * outright, an instance loses no acknowledged write, only the POSTs it had under way fail (the
 * GETs go to the other), nginx stops sending it anything and the other serves everything; stopped
 * with SIGTERM, no request fails at all. Real processes: Debian's nginx (not root) and two
 * `node` servers; PostgreSQL only, since PGlite is one process.
 */
describe.skipIf(!postgres)('two instances behind nginx (R-OPS-12)', () => {
  let database: TestDatabase;
  let root: string;
  const servers: ServerProcess[] = [];
  let ports: number[] = [];
  let proxy: NginxProxy;
  const clients: LoadClient[] = [];

  const environment = (name: string, port: number) => ({
    DATABASE_URL: database.url as string,
    DATA_DIR: path.join(root, name),
    PORT: String(port),
    TRUST_PROXY: '127.0.0.1',
  });

  beforeAll(async () => {
    database = await postgres!.open();
    await seedSmall(database);
    root = await mkdtemp(path.join(tmpdir(), 'gdf-fleet-'));
    ports = [await freePort(), await freePort()];
    servers.push(
      ...(await Promise.all(ports.map((port, index) => startServerProcess(environment(`instance-${index}`, port))))),
    );
    proxy = await startNginxProxy(ports.map((port) => `127.0.0.1:${port}`));
    for (const [userIndex, email] of WRITERS.entries()) {
      for (let copy = 0; copy < CLIENTS_PER_USER; copy += 1) {
        const login = await proxied(proxy, 'POST', '/api/auth/login', { body: { email, password: 'demo1234' } });
        expect(login.status, login.text).toBe(200);
        const token = (login.json as { token: string }).token;
        const me = await proxied(proxy, 'GET', '/api/me', { token });
        const structureId = (me.json as { memberships: Array<{ structureId: number }> }).memberships[0]!.structureId;
        clients.push({ index: userIndex * CLIENTS_PER_USER + copy, token, structureId });
      }
    }
  }, 240_000);
  afterAll(async () => {
    await proxy?.stop();
    await Promise.all(servers.map((server) => server.stop()));
    await database?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('believes the client address and https from nginx only (TRUST_PROXY, R-SEC-05): a forged X-Forwarded-For is dropped', async () => {
    // From 127.0.0.2, with a forged header: the throttle counts the failure against 127.0.0.2.
    const wrong = await proxied(proxy, 'POST', '/api/auth/login', {
      body: { email: 'personne@exemple.fr', password: 'pas-le-bon' },
      headers: { 'x-forwarded-for': '198.51.100.7' },
      localAddress: '127.0.0.2',
    });
    expect(wrong.status).toBe(401);
    const counted = await database.query<{ address: string; failures: number }>(
      `SELECT split_part("Cle", ':', 1) AS address, "Echecs" AS failures FROM "LIM_ConnexionAdresse" ORDER BY 1`,
    );
    // Not 198.51.100.7 (forged), nor nginx's address: the clients' logins from 127.0.0.1 all succeeded.
    expect(counted.filter((row) => row.failures > 0)).toEqual([{ address: '127.0.0.2', failures: 1 }]);
    // Served over https by nginx, over http to the instance: the session cookie is Secure.
    const login = await proxied(proxy, 'POST', '/api/auth/login', {
      body: { email: 'club@demo.fr', password: 'demo1234' },
    });
    expect(login.status).toBe(200);
    expect(String(login.headers['set-cookie'])).toMatch(/gdf_session=[^;]+;.*Secure/);
    // The plain site only redirects to https; /metrics is never served through the proxy.
    const plain = await proxied(proxy, 'GET', '/api/health', { base: proxy.plainUrl });
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toMatch(/^https:\/\/127\.0\.0\.1\/api\/health$/);
    expect((await proxied(proxy, 'GET', '/metrics')).status).toBe(403);
  });

  it('SIGTERM to one instance under load: it finishes what it has, nginx sends the rest to the other, no request fails', async () => {
    const stopped = servers[1]!;
    const { records, signalledAt } = await loadAround(() => process.kill(stopped.pid, 'SIGTERM'), stopped, 'T');
    expect(await stopped.exited).toEqual({ code: 0, signal: null });
    const failures = records.filter((record) => !record.ok);
    expect(failures.map((record) => `${record.method} ${record.kind} ${record.status}`)).toEqual([]);
    await expectAcknowledgedWrites(records);
    expect(records.filter((record) => record.startedAt > signalledAt).length).toBeGreaterThanOrEqual(ANSWERS_AFTER);
    const passedOn = (await proxy.accessLog()).filter((line) => line.upstreamStatuses[0] === '503').length;
    console.log(
      `[flotte] SIGTERM : ${records.length} requêtes, ${failures.length} en échec, ` +
        `${passedOn} GET répondus 503 par l'instance qui s'arrête et servis par l'autre`,
    );

    // Started again on its port (systemd's Restart=), it is sent requests again.
    servers[1] = await startServerProcess(environment('instance-1', ports[1]!));
    const back = `127.0.0.1:${ports[1]}`;
    const before = (await proxy.accessLog()).length;
    await vi.waitFor(
      async () => {
        await proxied(proxy, 'GET', '/api/health');
        const served = (await proxy.accessLog()).slice(before).filter((line) => line.upstreams.at(-1) === back);
        expect(served.some((line) => line.status === 200)).toBe(true);
      },
      { timeout: 90_000, interval: 250 },
    );
  }, 300_000);

  it('SIGKILL of one instance under load: only its POSTs under way fail, no acknowledged write is lost, nginx stops sending to it', async () => {
    const killed = servers[0]!;
    const dead = `127.0.0.1:${ports[0]}`;
    const { records, signalledAt, exitedAt, exitedClock, endedAt } = await loadAround(
      () => process.kill(killed.pid, 'SIGKILL'),
      killed,
      'K',
    );
    expect((await killed.exited).signal).toBe('SIGKILL');

    // The failures: POSTs under way while the instance died (sent before its exit was seen,
    // answered after the signal), answered 502 by nginx; each client has one request at a time.
    const underWay = records.filter((record) => record.startedAt < exitedAt && record.endedAt > signalledAt);
    const failures = records.filter((record) => !record.ok);
    expect(failures.length).toBeLessThanOrEqual(Math.min(underWay.length, clients.length));
    for (const failure of failures) {
      expect(underWay).toContain(failure);
      expect([failure.method, failure.status]).toEqual(['POST', 502]);
    }
    const log = await proxy.accessLog();
    const badGateways = log.filter((line) => line.status === 502);
    expect(badGateways.length).toBe(failures.length);
    for (const line of badGateways) expect([line.method, line.upstreams.at(-1)]).toEqual(['POST', dead]);
    await expectAcknowledgedWrites(records);

    // Requests nginx read once the instance was gone (100 ms of slack between the two clocks):
    // every one answered by the other instance.
    const after = log.filter((line) => line.startedAt > exitedClock + 100);
    expect(after.length).toBeGreaterThan(ANSWERS_AFTER / 2);
    expect(after.filter((line) => line.status >= 300 || line.upstreams.at(-1) !== `127.0.0.1:${ports[1]}`)).toEqual([]);
    // nginx tries the dead instance again once per fail_timeout (10 s) at most, and passes the
    // request on; the bound is lenient (a probe per worker and window).
    const probes = after.filter((line) => line.upstreams.includes(dead));
    expect(probes.length).toBeLessThanOrEqual(2 * (1 + Math.ceil((endedAt - signalledAt) / 10_000)));
    console.log(
      `[flotte] SIGKILL : ${records.length} requêtes, ${underWay.length} en cours à la mort de l'instance, ` +
        `${failures.length} en échec (POST, 502), ${probes.length} essais de nginx sur l'instance morte ensuite`,
    );
  }, 300_000);

  /**
   * Runs the mix through nginx: `ANSWERS_BEFORE` answers, then `signal`, then `ANSWERS_AFTER`
   * more once `target` has exited. Writes create analytic sections named `<tag>...`.
   */
  async function loadAround(
    signal: () => unknown,
    target: ServerProcess,
    tag: string,
  ): Promise<{
    records: RequestRecord[];
    signalledAt: number;
    exitedAt: number;
    /** Date.now() then, to compare with nginx's log. */
    exitedClock: number;
    endedAt: number;
  }> {
    const run = `${tag}${randomBytes(2).toString('hex').toUpperCase()}`;
    const load = startMixedLoad({ url: proxy.url, ca: proxy.certificate, clients, kinds: mix(run), thinkMs: 10 });
    try {
      await vi.waitFor(() => expect(load.records().length).toBeGreaterThanOrEqual(ANSWERS_BEFORE), {
        timeout: 120_000,
        interval: 50,
      });
      const signalledAt = performance.now();
      await signal();
      await target.exited;
      const exitedAt = performance.now();
      const exitedClock = Date.now();
      const answered = load.records().length;
      await vi.waitFor(() => expect(load.records().length).toBeGreaterThanOrEqual(answered + ANSWERS_AFTER), {
        timeout: 120_000,
        interval: 50,
      });
      const records = await load.stop();
      return { records, signalledAt, exitedAt, exitedClock, endedAt: performance.now() };
    } finally {
      await load.stop();
    }
  }

  /** Every write answered 201 with an id is in the database, once, with its audit row. */
  async function expectAcknowledgedWrites(records: readonly RequestRecord[]) {
    const acknowledged = records.filter((record) => record.write && record.status === 201);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(acknowledged.every((record) => typeof record.id === 'number')).toBe(true);
    const ids = acknowledged.map((record) => record.id!);
    expect(await lostSectionWrites(database, acknowledged)).toEqual([]);
    const audited = await database.query<{ id: number; n: number }>(
      `SELECT "ID_Cible" AS id, count(*)::int AS n FROM "APP_AuditLog"
        WHERE "Action" = 'parametrage_creation' AND "TableCible" = 'CPT_SectionAnalytique' AND "ID_Cible" = ANY($1::int[])
        GROUP BY "ID_Cible"`,
      [ids],
    );
    expect(audited.length).toBe(ids.length);
    expect(audited.every((row) => row.n === 1)).toBe(true);
    // No write was sent twice: a POST passed on after reaching an instance would meet its own row (409).
    expect(records.filter((record) => record.status === 409)).toEqual([]);
  }
});

/** Reads over GET and GraphQL, and writes: a new analytic section of the client's structure. */
function mix(run: string): LoadKind[] {
  return [
    { name: 'moi', weight: 2, request: () => ({ method: 'GET', path: '/api/me' }) },
    {
      name: 'paramètres',
      weight: 2,
      request: () => ({ method: 'GET', path: '/api/parametrages-comptables/parametres' }),
    },
    {
      name: 'recherche',
      weight: 3,
      request: () => ({
        method: 'POST',
        path: '/v1/graphql',
        body: { query: '{ MKP_FluxFinancier(order_by: {id: desc}, limit: 10) { id NomFluxFinancier } }' },
      }),
    },
    sectionWrite(run, 3, 'Section créée sous charge'),
  ];
}

/** One request through the proxy's https site (or `base`), trusting its certificate. */
function proxied(
  proxy: NginxProxy,
  method: string,
  url: string,
  options: {
    body?: unknown;
    token?: string;
    headers?: Record<string, string>;
    localAddress?: string;
    base?: string;
  } = {},
): Promise<Answer> {
  const { base, ...rest } = options;
  return sendRequest(base ?? proxy.url, { method, path: url, ca: proxy.certificate, ...rest });
}
