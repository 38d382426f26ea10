import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_STATEMENT_MESSAGES,
  DOCUMENT_PACK_MESSAGES,
  DOCUMENT_PACK_PATH,
  EMPTY_FLUX_FILTERS,
  MAX_NEW_STATEMENTS_PER_DAY,
} from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppOptions } from '../../../src/app';
import type { Database } from '../../../src/db/database';
import { insertFlux, structureOf } from '../documents/document-fixtures';
import { testDatabaseTargets, type TestDatabase } from '../support/databases';
import { reportRobustness } from '../support/robustness-report';
import { buildTestApp, loginAs, seedSmall } from '../support/test-app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The limits every instance shares (ADR 0049): two apps on one database, as two server
 * processes behind a load balancer. On PostgreSQL each has its own connection pool (as a
 * process would); PGlite is one process, so its two apps share its one connection. The
 * places are counted in the database, or in Redis when REDIS_URL is set; the relevé quota is
 * counted in the transaction that issues (R-SEC-06, R-SEC-21, R-DOC-08).
 */
describe.each(testDatabaseTargets())('limits shared by two instances on $name', (target) => {
  let database: TestDatabase;
  let otherPool: Database;
  const apps: FastifyInstance[] = [];

  /** Two instances with the same options: the second on its own pool on PostgreSQL. */
  async function twoInstances(options: Partial<AppOptions>): Promise<[FastifyInstance, FastifyInstance]> {
    const one = await buildTestApp(database, options);
    const two = await buildTestApp(otherPool, options);
    apps.push(one, two);
    return [one, two];
  }

  beforeAll(async () => {
    database = await target.open();
    await seedSmall(database);
    otherPool = database.reopen ? await database.reopen({}) : database;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    if (otherPool !== database) await otherPool?.close();
    await database?.close();
  });

  it('70 concurrent relevés of one structure over both instances: exactly the day’s quota issued, the rest refused in French', async () => {
    // The quota is what is measured: the process's fair gate (R-OPS-09) lets them all wait their turn.
    const [one, two] = await twoInstances({ heavyWork: { maxWaitingPerUser: 70, maxWaitMs: 600_000 } });
    const clubId = await structureOf(database, 'club@demo.fr');
    const tokens = [await loginAs(one, 'club@demo.fr'), await loginAs(two, 'club@demo.fr')];
    // 70 different statements (one period each), every other one through the other instance.
    const responses = await Promise.all(
      Array.from({ length: 70 }, (_, index) => {
        const to = new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10);
        return [one, two][index % 2]!.inject({
          method: 'GET',
          url: `/api/structures/${clubId}/releve-de-compte?du=2026-01-01&au=${to}&format=pdf`,
          headers: { authorization: `Bearer ${tokens[index % 2]}` },
        });
      }),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(MAX_NEW_STATEMENTS_PER_DAY);
    const refused = responses.filter((response) => response.statusCode !== 200);
    expect(refused.map((response) => response.statusCode)).toEqual(Array(70 - MAX_NEW_STATEMENTS_PER_DAY).fill(429));
    for (const response of refused)
      expect(response.json<{ message: string }>().message).toBe(
        ACCOUNT_STATEMENT_MESSAGES.dailyLimit(MAX_NEW_STATEMENTS_PER_DAY),
      );
    const [stored] = await database.query<{ n: number; numbers: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT "Numero")::int AS numbers FROM "MKP_ReleveCompteEmis" WHERE "ID_Structure" = $1`,
      [clubId],
    );
    expect(stored).toEqual({ n: MAX_NEW_STATEMENTS_PER_DAY, numbers: MAX_NEW_STATEMENTS_PER_DAY });
    // The files of a refused statement were not kept either.
    const [orphans] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "DOC_Contenu" c WHERE c."Nature" = 'releve_compte'
          AND NOT EXISTS (SELECT 1 FROM "MKP_ReleveCompteEmis" r WHERE c.id IN (r."ID_ContenuPdf", r."ID_ContenuXlsx"))`,
    );
    expect(orphans!.n).toBe(0);
    reportRobustness({
      check: 'relevés de compte émis au-delà du quota (70 demandes sur deux instances)',
      target: target.name,
      cases: 70,
      failures: Math.abs(codes.filter((code) => code === 200).length - MAX_NEW_STATEMENTS_PER_DAY),
    });
  }, 180_000);

  describe.each([
    { store: 'database', redisUrl: undefined },
    { store: 'redis', redisUrl: REDIS_URL },
  ])('$store store', ({ redisUrl }) => {
    const prefix = () => `gdf:test:${randomBytes(6).toString('hex')}:`;
    const shared = (): Partial<AppOptions> => (redisUrl ? { redisUrl, placesRedisPrefix: prefix() } : {});

    it('document packs: the places are the fleet’s, one per user, given back when a pack ends', async () => {
      let documentsRead = 0;
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const options = {
        ...shared(),
        documentPacks: {
          concurrentPacks: 2,
          // Each pack stops at its first document until the test opens the gate.
          onDocument: async () => {
            documentsRead++;
            await gate;
          },
        },
      };
      const [one, two] = await twoInstances(options);
      const tag = `Flotte${randomBytes(4).toString('hex')}`;
      for (const email of ['club@demo.fr', 'siege@demo.fr', 'ligue@demo.fr'])
        await insertFlux(database, {
          name: `${tag} cotisation`,
          categoryId: 1,
          structureId: await structureOf(database, email),
          seasonId: 2024,
          amount: '25',
        });
      const pack = async (app: FastifyInstance, email: string) =>
        app.inject({
          method: 'POST',
          url: DOCUMENT_PACK_PATH,
          headers: { authorization: `Bearer ${await loginAs(app, email)}` },
          payload: { filters: { ...EMPTY_FLUX_FILTERS, label: tag }, kinds: ['facture'] },
        });

      const clubPack = pack(one, 'club@demo.fr');
      const siegePack = pack(two, 'siege@demo.fr');
      await vi.waitFor(() => expect(documentsRead).toBe(2), { timeout: 30_000 });
      // Each instance builds one pack: a process-wide count would let each start a second one.
      const again = await pack(two, 'club@demo.fr');
      expect(again.statusCode, again.body).toBe(429);
      expect(again.json<{ message: string }>().message).toBe(DOCUMENT_PACK_MESSAGES.busy);
      const third = await pack(one, 'ligue@demo.fr');
      expect(third.statusCode, third.body).toBe(429);
      expect(third.json<{ message: string }>().message).toBe(DOCUMENT_PACK_MESSAGES.serverBusy);

      open();
      expect((await clubPack).statusCode).toBe(200);
      expect((await siegePack).statusCode).toBe(200);
      const after = await vi.waitFor(
        async () => {
          const response = await pack(one, 'ligue@demo.fr');
          expect(response.statusCode, response.body).toBe(200);
          return response;
        },
        { timeout: 10_000 },
      );
      expect(after.headers['content-type']).toBe('application/zip');
    }, 120_000);

    it('login: 5 guesses for the whole fleet, however they are spread and however fast', async () => {
      const [one, two] = await twoInstances({ ...shared(), loginRateLimit: redisUrl ? { redisPrefix: prefix() } : {} });
      const guess = (app: FastifyInstance, password: string) =>
        app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'comite@demo.fr', password } });
      // Ten wrong passwords at once, five through each instance: five are checked, not ten.
      const codes = (
        await Promise.all(Array.from({ length: 10 }, (_, index) => guess([one, two][index % 2]!, `faux${index}`)))
      ).map((response) => response.statusCode);
      expect(codes.filter((code) => code === 401)).toHaveLength(5);
      expect(codes.filter((code) => code === 429)).toHaveLength(5);
      // Locked on both, even with the right password.
      for (const app of [one, two]) {
        const locked = await guess(app, 'demo1234');
        expect(locked.statusCode).toBe(429);
        expect(locked.json<{ message: string }>().message).toMatch(
          /^Trop de tentatives de connexion\. Merci de réessayer dans \d+ secondes\.$/,
        );
      }
      reportRobustness({
        check: 'mots de passe essayés sur deux instances (au-delà de 5)',
        target: `${target.name}, ${redisUrl ? 'Redis' : 'base'}`,
        cases: codes.length,
        failures: codes.filter((code) => code === 401).length - 5,
      });
    }, 60_000);
  });
});
