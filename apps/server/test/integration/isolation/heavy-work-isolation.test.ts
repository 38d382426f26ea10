import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEAVY_WORK_MESSAGES } from '../../../src/lib/heavy-work/messages';
import { PGLITE_RECENT_ANSWER_MS } from '../../../src/modules/health/health.routes';
import { createAccountStatementService } from '../../../src/modules/account-statement/account-statement.service';
import { DEMO_SEPA_ICS } from '../../../src/modules/exports-sepa/sepa-settings';
import { issueOneFlux } from '../../../src/modules/flux-documents/issue-documents';
import { findIssuedFlux } from '../../../src/modules/flux-documents/issued-flux.repository';
import type { RequestScope } from '../../../src/modules/scope/scope';
import { createRenderPool, inThreadRenderer, type DocumentRenderer } from '../../../src/render/render-pool';
import type { RenderTask } from '../../../src/render/render-tasks';
import { oneId, structureOf } from '../documents/document-fixtures';
import { testDatabaseTargets, type TestDatabase } from '../support/databases';
import { buildTestApp, loginAs, seedSmall } from '../support/test-app';

/** The head office's super administrator, acting for the head office: reads any structure. */
const SUPER_ADMIN_SCOPE = {
  actor: { userId: 1, isSuperAdmin: true, memberships: [], permissions: new Map(), grants: new Map() },
  currentStructureId: 1318,
  currentStructureType: 7,
  unrestricted: true,
  standing: { blocked: false, affiliated: true, affiliatedCurrentSeason: true },
} as unknown as RequestScope;

/** A ZIP's bytes with the MS-DOS time and date of its local and central headers zeroed. */
function withoutZipTimes(zip: Buffer): Buffer {
  const copy = Buffer.from(zip);
  for (let offset = 0; offset + 4 <= copy.length; offset++) {
    const signature = copy.readUInt32LE(offset);
    if (signature === 0x04034b50) copy.fill(0, offset + 10, offset + 14);
    else if (signature === 0x02014b50) copy.fill(0, offset + 12, offset + 16);
  }
  return copy;
}

/** A club's relevé de compte for a year ending `au`: each `au` a new statement, issued (rendered) at first. */
const releveUrl = (structureId: number, au: string) =>
  `/api/structures/${structureId}/releve-de-compte?du=2023-01-01&au=${au}&format=pdf`;

describe.each(testDatabaseTargets())('no user’s work blocks another’s (R-OPS-08 to R-OPS-10) on $name', (target) => {
  let database: TestDatabase;
  let pool: DocumentRenderer;
  let clubStructureId: number;

  beforeAll(async () => {
    database = await target.open();
    await seedSmall(database);
    pool = createRenderPool(1);
    clubStructureId = await structureOf(database, 'club@demo.fr');
  });
  afterAll(async () => {
    await pool?.close();
    await database?.close();
  });

  describe('R-OPS-08: documents render in worker threads, to the bytes of the request’s thread', () => {
    it('a facture (Factur-X), an avis and a relevé d’opération from the worker equal the in-thread rendering', async () => {
      const facture = await oneId(
        database,
        `SELECT f.id FROM "MKP_FluxFinancier" f WHERE f."EST_Debit" AND f."ID_FluxFinancierRelance" IS NULL
          ORDER BY f.id LIMIT 1`,
      );
      await issueOneFlux(database, facture, { creditorIdentifier: DEMO_SEPA_ICS });
      const issued = await findIssuedFlux(database, SUPER_ADMIN_SCOPE, facture);
      if (issued === null || issued === 'not-issued') throw new Error(`flux ${facture} non émis`);
      const tasks: Array<Extract<RenderTask, { kind: 'facture' | 'releve-operation' }>> = [
        { kind: 'facture', invoice: issued.invoice, issuedAt: issued.issuedAt },
        { kind: 'releve-operation', statement: issued.statement, issuedAt: issued.issuedAt },
      ];
      for (const task of tasks) {
        const inThread = await inThreadRenderer.render(task);
        const inWorker = await pool.render(task);
        expect(Buffer.isBuffer(inWorker.pdf)).toBe(true);
        expect(inWorker.pdf.equals(inThread.pdf)).toBe(true);
        expect(inWorker).toEqual(inThread);
      }
      const withXml = await pool.render(tasks[0] as Extract<RenderTask, { kind: 'facture' }>);
      expect(withXml.xml?.bytes.toString('utf8')).toContain('CrossIndustryInvoice');
    });

    it('a relevé de compte’s PDF and xlsx from the worker equal the in-thread rendering', async () => {
      const service = createAccountStatementService(database, () => '2025-06-30');
      const { structure, statement } = await service.compute(SUPER_ADMIN_SCOPE, clubStructureId, {
        du: '2022-09-01',
        au: '2025-06-30',
      });
      expect(statement.lines.length).toBeGreaterThan(0);
      const task: RenderTask = {
        kind: 'releve-compte',
        statement,
        structure,
        issuedAt: new Date('2025-06-30T10:00:00Z'),
        number: 'RC-2025-000001',
      };
      const inThread = await inThreadRenderer.render(task);
      const inWorker = await pool.render(task);
      expect(inWorker.pdf.equals(inThread.pdf)).toBe(true);
      // The xlsx's ZIP headers carry the minute it was written: the same bytes once those are set aside.
      expect(withoutZipTimes(inWorker.xlsx).equals(withoutZipTimes(inThread.xlsx))).toBe(true);
    });

    it('a first download through the server renders in its pool the bytes the frozen data render in-thread', async () => {
      const app = await buildTestApp(database, { renderThreads: 1 });
      try {
        const token = await loginAs(app, 'siege@demo.fr');
        const flux = await oneId(
          database,
          `SELECT f.id FROM "MKP_FluxFinancier" f
            WHERE f."EST_Debit" AND NOT EXISTS (SELECT 1 FROM "MKP_DocumentEmis" e WHERE e."ID_FluxFinancier" = f.id)
            ORDER BY f.id DESC LIMIT 1`,
        );
        const response = await app.inject({
          method: 'GET',
          url: `/api/flux/${flux}/facture.pdf`,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.statusCode).toBe(200);
        const issued = await findIssuedFlux(database, SUPER_ADMIN_SCOPE, flux);
        if (issued === null || issued === 'not-issued') throw new Error(`flux ${flux} non émis`);
        const expected = await inThreadRenderer.render({
          kind: 'facture',
          invoice: issued.invoice,
          issuedAt: issued.issuedAt,
        });
        expect(response.rawPayload.equals(expected.pdf)).toBe(true);
      } finally {
        await app.close();
      }
    });
  });

  describe('R-OPS-09: heavy requests bounded per user, structure and process, served in fair turns', () => {
    let app: FastifyInstance;
    let clubToken: string;
    let siegeToken: string;
    let clubUser: number;

    beforeAll(async () => {
      app = await buildTestApp(database, {
        heavyWork: { perProcess: 1, perUser: 1, perStructure: 1, maxWaitingPerUser: 2, maxWaitMs: 120_000 },
      });
      clubToken = await loginAs(app, 'club@demo.fr');
      siegeToken = await loginAs(app, 'siege@demo.fr');
      clubUser = await oneId(database, `SELECT "ID_Utilisateur" AS id FROM "UTI_Login" WHERE "Email" = 'club@demo.fr'`);
    });
    afterAll(async () => {
      await app?.close();
    });

    it('the club’s requests beyond its places are refused at once; another structure’s request goes before the club’s queue', async () => {
      // The club's one place held, as by a relevé under way.
      const ticket = await app.heavyWork.gate.acquire({ userId: clubUser, structureId: clubStructureId });
      if ('refused' in ticket) throw new Error('place refusée');
      const finished: string[] = [];
      const statusOf = new Map<string, number>();
      const ask = (name: string, url: string, token: string) =>
        app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }).then((response) => {
          finished.push(name);
          statusOf.set(name, response.statusCode);
          return response;
        });
      const club = Array.from({ length: 5 }, (_, index) =>
        ask(`club-${index}`, releveUrl(clubStructureId, `2025-0${index + 1}-28`), clubToken),
      );
      await vi.waitFor(() => expect(app.heavyWork.gate.load).toEqual({ running: 1, waiting: 2 }), {
        timeout: 30_000,
      });
      // The head office asks for the same club's relevé while the club's two wait.
      const siege = ask('siege', releveUrl(clubStructureId, '2025-06-28'), siegeToken);
      await vi.waitFor(() => expect(app.heavyWork.gate.load).toEqual({ running: 1, waiting: 3 }), {
        timeout: 30_000,
      });
      ticket.release();
      const answers = await Promise.all([...club, siege]);
      const refused = answers.filter((response) => response.statusCode === 429);
      expect(refused).toHaveLength(3);
      for (const response of refused) {
        expect(response.json()).toMatchObject({ message: HEAVY_WORK_MESSAGES.userQueueFull(3) });
        expect(response.headers['retry-after']).toBe('5');
      }
      expect(answers.filter((response) => response.statusCode === 200)).toHaveLength(3);
      // Round-robin: the head office, never served, before the club's waiting requests.
      const served = finished.filter((name) => statusOf.get(name) === 200);
      expect(served).toHaveLength(3);
      expect(served[0]).toBe('siege');
    });

    it('a request that cannot start within HEAVY_WORK_MAX_WAIT_SECONDS is refused with 503 and Retry-After', async () => {
      const impatient = await buildTestApp(database, {
        heavyWork: { perProcess: 1, perUser: 1, perStructure: 1, maxWaitingPerUser: 2, maxWaitMs: 200 },
      });
      try {
        const token = await loginAs(impatient, 'club@demo.fr');
        const ticket = await impatient.heavyWork.gate.acquire({ userId: 999_999, structureId: 999_999 });
        const response = await impatient.inject({
          method: 'GET',
          url: releveUrl(clubStructureId, '2025-07-28'),
          headers: { authorization: `Bearer ${token}` },
        });
        if (!('refused' in ticket)) ticket.release();
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({ error: 'server-busy', message: HEAVY_WORK_MESSAGES.waitTooLong(1) });
        expect(response.headers['retry-after']).toBe('10');
      } finally {
        await impatient.close();
      }
    });
  });

  describe('R-OPS-10: health, logins and session checks never wait behind heavy work', () => {
    it('they answer while heavy statements hold the database', async () => {
      if (database.kind === 'postgres') {
        // Every connection of the main pool held by a transaction under way, as 60 relevés did.
        const small = await database.reopen!({ poolSize: 2, poolWaitMs: 60_000 });
        const app = await buildTestApp(small);
        await app.ready();
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        const holders = Array.from({ length: 2 }, () =>
          small.transaction(async (tx) => {
            await tx.query('SELECT 1');
            await released;
          }),
        );
        try {
          await vi.waitFor(() => expect(small.poolStats!().find((s) => s.pool === 'principal')?.idle).toBe(0));
          expect(small.poolStats!().find((s) => s.pool === 'principal')?.total).toBe(2);
          const health = await app.inject({ method: 'GET', url: '/api/health' });
          expect(health.statusCode).toBe(200);
          const token = await loginAs(app, 'comite@demo.fr');
          const me = await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
          expect(me.statusCode).toBe(200);
          // The main pool is still held: none of them took one of its connections.
          expect(small.poolStats!().find((s) => s.pool === 'principal')?.idle).toBe(0);
        } finally {
          release();
          await Promise.all(holders);
          await app.close();
          await small.close();
        }
        return;
      }
      // PGlite: one connection. 40 heavy statements queued first; health and a login go before them.
      const app = await buildTestApp(database);
      await app.ready();
      let releaseHolder = () => undefined as void;
      try {
        let done = 0;
        const heavy = Array.from({ length: 40 }, () =>
          database.query(`SELECT count(*) FROM generate_series(1, 300000)`).then(() => (done += 1)),
        );
        const health = await app.inject({ method: 'GET', url: '/api/health' });
        const healthAfter = done;
        const token = await loginAs(app, 'comite@demo.fr');
        const loginAfter = done;
        await Promise.all(heavy);
        expect(health.statusCode).toBe(200);
        expect(token.length).toBeGreaterThan(0);
        // Each waited for the statement under way, never for the queue (in arrival order: all 40).
        expect(healthAfter).toBeLessThan(5);
        expect(loginAfter).toBeLessThan(40);

        // ADR 0058: a transaction under way whose statement answered just now: health answers
        // from that answer, not after its commit; once nothing answered for 2 s, it waits its turn.
        const released = new Promise<void>((resolve) => (releaseHolder = resolve));
        let committed = false;
        const holder = database
          .transaction(async (tx) => {
            await tx.query('SELECT 1');
            await released;
          })
          .then(() => (committed = true));
        await vi.waitFor(() => expect(database.busyButAnswering!(PGLITE_RECENT_ANSWER_MS)).toBe(true));
        const during = await app.inject({ method: 'GET', url: '/api/health' });
        expect(during.statusCode).toBe(200);
        expect(committed).toBe(false);
        await new Promise((resolve) => setTimeout(resolve, PGLITE_RECENT_ANSWER_MS + 100));
        expect(database.busyButAnswering!(PGLITE_RECENT_ANSWER_MS)).toBe(false);
        let lateAnswered = false;
        const late = app.inject({ method: 'GET', url: '/api/health' }).then((response) => {
          lateAnswered = true;
          return response;
        });
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(lateAnswered).toBe(false);
        releaseHolder();
        expect((await late).statusCode).toBe(200);
        await holder;
        expect(database.busyButAnswering!(PGLITE_RECENT_ANSWER_MS)).toBe(false);
      } finally {
        releaseHolder();
        await app.close();
      }
    });
  });
});
