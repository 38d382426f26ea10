import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../src/db/database';
import type { ReplicaStatus } from '../../../src/db/read-replica';
import { WRITE_POSITION_COOKIE } from '../../../src/plugins/read-your-writes';
import { testDatabaseTargets, type PoolSettings, type TestDatabase } from '../support/databases';
import { startLocalReplica, type LocalReplica } from '../support/local-replica';
import { buildTestApp, loginAs, seedSmall } from '../support/test-app';

/**
 * The read replica (ADR 0052) against a real streaming replica of the test PostgreSQL, started
 * by the test support whenever TEST_DATABASE_URL is set (PGlite has no replica: its refusal of
 * DATABASE_READ_URL is config.test.ts's). Every wait polls with generous limits: the replica
 * replays on a loaded 2-core machine.
 */
const postgres = testDatabaseTargets().find((target) => target.name === 'postgres');
const serverUrl = process.env.TEST_DATABASE_URL as string;

const FLUX_NAME = `query($id: Int!) { MKP_FluxFinancier_by_pk(id: $id) { NomFluxFinancier } }`;
const RENAME = `mutation($id: Int!, $name: String!) {
  update_MKP_FluxFinancier_by_pk(pk_columns: {id: $id}, _set: {NomFluxFinancier: $name}) { id NomFluxFinancier }
}`;
const POLL = { timeout: 120_000, interval: 250 };

interface Instance {
  database: Database;
  app: FastifyInstance;
}

describe.skipIf(!postgres)('read replica on PostgreSQL', () => {
  let replica: LocalReplica;
  let primary: TestDatabase;
  const instances: Instance[] = [];
  /** The first instance: replica read while it lags under 2 minutes. */
  let main: Instance;
  let siege: string;
  let admin: string;
  let club: string;
  let clubId: number;
  let fluxId: number;

  /** Another server process on the same database and replica (its own pools, checks and memory). */
  const instance = async (settings: PoolSettings): Promise<Instance> => {
    const database = await primary.reopen!({
      readUrl: replica.urlOf(primary.url!),
      readCheckIntervalMs: 200,
      ...settings,
    });
    const app = await buildTestApp(database);
    const opened = { database, app };
    instances.push(opened);
    return opened;
  };

  beforeAll(async () => {
    replica = await startLocalReplica(serverUrl);
    primary = await postgres!.open();
    await seedSmall(primary);
    await replica.caughtUp(); // the test database exists on the replica
    main = await instance({ readMaxLagMs: 120_000 });
    siege = await loginAs(main.app, 'siege@demo.fr');
    admin = await loginAs(main.app, 'super.admin@demo.fr');
    club = await loginAs(main.app, 'club@demo.fr');
    const [own] = await primary.query<{ id: number; fluxId: number }>(
      `SELECT m."ID_Structure" AS id, (SELECT min(f.id) FROM "MKP_FluxFinancier" f WHERE f."ID_Structure" = m."ID_Structure") AS "fluxId"
         FROM "STR_StructureUtilisateur" m JOIN "UTI_Login" l ON l."ID_Utilisateur" = m."ID_Utilisateur"
        WHERE l."Email" = 'club@demo.fr'`,
    );
    clubId = own!.id;
    fluxId = own!.fluxId;
  }, 900_000);

  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    await replica?.resumeReplay().catch(() => undefined);
    await replica?.remove();
    await primary?.close();
  }, 300_000);

  const graphql = async (on: Instance, token: string, query: string, variables: object, cookie?: string) => {
    const response = await on.app.inject({
      method: 'POST',
      url: '/v1/graphql',
      // Never a read shared with another request: each read here runs its statement.
      headers: { authorization: `Bearer ${token}`, 'cache-control': 'no-cache', ...(cookie ? { cookie } : {}) },
      payload: { query, variables },
    });
    return response;
  };
  const fluxName = async (on: Instance, token: string, cookie?: string) => {
    const response = await graphql(on, token, FLUX_NAME, { id: fluxId }, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { MKP_FluxFinancier_by_pk: { NomFluxFinancier: string } } }).data
      .MKP_FluxFinancier_by_pk.NomFluxFinancier;
  };
  /** Where a read of each kind runs now, as the app's reads do: true on the replica (a hot standby). */
  const readsOnStandby = async (database: Database) => {
    const [graphqlRead] = await database.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby', [], {
      read: true,
    });
    const [otherRead] = await database.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby', [], {
      replica: true,
    });
    return { graphql: graphqlRead!.standby, other: otherRead!.standby };
  };
  /**
   * The same read through a real socket: a request body is parsed in its socket's context, so
   * this proves the request's read requirement survives it (inject() has no socket).
   */
  const fluxNameOverHttp = async (on: Instance, token: string) => {
    const address = on.app.server.listening ? on.app.server.address() : null;
    const port = typeof address === 'object' && address ? address.port : null;
    const base = port ? `http://127.0.0.1:${port}` : await on.app.listen({ port: 0, host: '127.0.0.1' });
    // The body in two parts a moment apart: its end arrives from the socket, after the hooks began.
    const text = JSON.stringify({ query: FLUX_NAME, variables: { id: fluxId } });
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode(text.slice(0, 10)));
        await new Promise((resolve) => setTimeout(resolve, 100));
        controller.enqueue(new TextEncoder().encode(text.slice(10)));
        controller.close();
      },
    });
    const response = await fetch(`${base}/v1/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'cache-control': 'no-cache', 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { data: { MKP_FluxFinancier_by_pk: { NomFluxFinancier: string } } };
    return answer.data.MKP_FluxFinancier_by_pk.NomFluxFinancier;
  };
  /** The flux's name on the replica itself, read without the app. */
  const nameOnReplica = async () => {
    const client = new pg.Client({ connectionString: replica.urlOf(primary.url!) });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        'SELECT "NomFluxFinancier" AS name FROM "MKP_FluxFinancier" WHERE id = $1',
        [fluxId],
      );
      return rows[0]?.name;
    } finally {
      await client.end();
    }
  };
  const health = async (on: Instance) => {
    const response = await on.app.inject({ method: 'GET', url: '/api/health' });
    return { statusCode: response.statusCode, body: response.json() as Record<string, unknown> };
  };
  const reads = (database: Database): ReplicaStatus['reads'] => database.readReplica!.status().reads;
  const usable = (on: Instance) =>
    vi.waitFor(() => expect(on.database.readReplica!.status()).toMatchObject({ usable: true }), POLL);

  it('sends GraphQL reads, relevés and Impayés to the replica, writes and the rest to the primary (R-OPS-05)', async () => {
    await usable(main);
    expect(await readsOnStandby(main.database)).toEqual({ graphql: true, other: true });
    const [plain] = await main.database.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
    expect(plain!.standby).toBe(false);
    expect(await health(main)).toEqual({
      statusCode: 200,
      body: { status: 'ok', database: 'postgres', replica: { status: 'ok', lagMs: expect.any(Number) } },
    });

    const before = reads(main.database);
    expect(await fluxName(main, admin)).toEqual(expect.any(String));
    const impayes = await main.app.inject({
      method: 'GET',
      url: '/api/impayes',
      headers: { authorization: `Bearer ${siege}` },
    });
    expect(impayes.statusCode, impayes.body).toBe(200);
    expect((impayes.json() as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
    const statement = await main.app.inject({
      method: 'GET',
      url: `/api/structures/${clubId}/releve-de-compte`,
      headers: { authorization: `Bearer ${club}`, 'x-structure-id': String(clubId) },
    });
    expect(statement.statusCode, statement.body).toBe(200);
    const after = reads(main.database);
    // A GraphQL read is one statement or more; the list and the relevé several each.
    expect(after.replica - before.replica).toBeGreaterThanOrEqual(5);
    expect(after.primary - before.primary).toBe(0);
    expect(main.database.poolStats!().map((stats) => stats.pool)).toEqual([
      'principal',
      'lecture',
      'prioritaire',
      'réplique',
      'réplique-lecture',
    ]);
  });

  it("shows a user their own write at once while the replica's replay is paused, on any instance given its cookie (R-OPS-06)", async () => {
    const other = await instance({ readMaxLagMs: 120_000 });
    await usable(main);
    await usable(other);
    const previous = await fluxName(main, admin);
    const renamed = `Réplique ${randomBytes(4).toString('hex')}`;
    await replica.pauseReplay();
    try {
      const write = await graphql(main, siege, RENAME, { id: fluxId, name: renamed });
      expect(write.statusCode, write.body).toBe(200);
      // The mutation's own read-back ran on the primary.
      expect(write.json()).toEqual({
        data: { update_MKP_FluxFinancier_by_pk: { id: fluxId, NomFluxFinancier: renamed } },
      });
      const cookie = [write.headers['set-cookie'] ?? []]
        .flat()
        .map(String)
        .find((value) => value.startsWith(`${WRITE_POSITION_COOKIE}=`));
      expect(cookie).toMatch(/^gdf_lsn=[0-9a-f]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+$/);

      // The writer reads its write (the primary), at once and again; another user reads the replica's.
      expect(await fluxName(main, siege)).toBe(renamed);
      expect(await fluxName(main, admin)).toBe(previous);
      expect(await fluxNameOverHttp(main, siege)).toBe(renamed);
      expect(await fluxNameOverHttp(main, admin)).toBe(previous);
      expect(await nameOnReplica()).toBe(previous); // what the other user was served

      // Another instance knows the write from the client's cookie only.
      const position = cookie!.split(';')[0]!;
      expect(await fluxName(other, siege, position)).toBe(renamed);
      expect(await fluxName(other, siege)).toBe(previous);
    } finally {
      await replica.resumeReplay();
    }
    await vi.waitFor(async () => expect(await fluxName(main, admin)).toBe(renamed), POLL);
    await vi.waitFor(async () => expect(await fluxName(other, siege)).toBe(renamed), POLL);
  });

  it("reads from the primary while the replica lags beyond DATABASE_READ_MAX_LAG_MS, health saying 'dégradé' (R-OPS-07)", async () => {
    const strict = await instance({ readMaxLagMs: 3_000 });
    await usable(strict);
    await replica.pauseReplay();
    try {
      await vi.waitFor(async () => {
        // WAL the paused replica does not replay.
        await primary.query(`UPDATE "MKP_FluxFinancier" SET "NomFluxFinancier" = "NomFluxFinancier" WHERE id = $1`, [
          fluxId,
        ]);
        const { statusCode, body } = await health(strict);
        expect(statusCode).toBe(200);
        expect(body).toMatchObject({ status: 'dégradé', database: 'postgres', replica: { status: 'écartée' } });
        expect(String((body.replica as { reason: string }).reason)).toMatch(
          /^La réplique de lecture a [\d,]+ s de retard \(au plus 3 s\) : les lectures passent par la base principale\.$/,
        );
      }, POLL);
      expect(await readsOnStandby(strict.database)).toEqual({ graphql: false, other: false });
      expect(await fluxName(strict, admin)).toEqual(expect.any(String));
      // The replica paused that long is still read by the instance that tolerates 2 minutes.
      expect(await readsOnStandby(main.database)).toEqual({ graphql: true, other: true });
    } finally {
      await replica.resumeReplay();
    }
    await vi.waitFor(async () => {
      expect((await health(strict)).body).toMatchObject({ status: 'ok', replica: { status: 'ok' } });
      expect(await readsOnStandby(strict.database)).toEqual({ graphql: true, other: true });
    }, POLL);
  });

  it("answers from the primary when the replica stops, health 'dégradé', and reads the replica again once it is back (R-OPS-07)", async () => {
    await usable(main);
    await replica.stop();
    try {
      // The first read after the stop fails on the replica and is answered by the primary.
      const before = reads(main.database).primary;
      expect(await fluxName(main, admin)).toEqual(expect.any(String));
      expect(reads(main.database).primary).toBeGreaterThan(before);
      await vi.waitFor(async () => {
        const { statusCode, body } = await health(main);
        expect(statusCode).toBe(200);
        expect(body).toEqual({
          status: 'dégradé',
          database: 'postgres',
          replica: {
            status: 'écartée',
            reason: 'La réplique de lecture ne répond pas : les lectures passent par la base principale.',
          },
        });
      }, POLL);
      expect(await readsOnStandby(main.database)).toEqual({ graphql: false, other: false });
      const impayes = await main.app.inject({
        method: 'GET',
        url: '/api/impayes',
        headers: { authorization: `Bearer ${siege}` },
      });
      expect(impayes.statusCode, impayes.body).toBe(200);
    } finally {
      await replica.start();
    }
    await vi.waitFor(async () => {
      expect((await health(main)).body).toMatchObject({ status: 'ok', replica: { status: 'ok' } });
      expect(await readsOnStandby(main.database)).toEqual({ graphql: true, other: true });
    }, POLL);
    const before = reads(main.database).replica;
    expect(await fluxName(main, admin)).toEqual(expect.any(String));
    expect(reads(main.database).replica).toBeGreaterThan(before);
  });
});
