import { HEAD_OFFICE_STRUCTURE_ID, JOB_KIND, STATEMENT_BATCH_URL, type StatementBatchResult } from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { readZip } from '../documents/zip-tools';
import { bearer, buildRestApp } from '../rest/rest-context';
import { testDatabaseTargets } from '../support/databases';
import { loginAs, seedSmall, TEST_JOBS } from '../support/test-app';
import { accepted, holdBeforeStep, jobEnded, jobResult, jobRow, zipPartsLeft } from './job-kinds-support';

/**
 * Relevés de compte of many structures as a job (R-JOB-06, R-STMT-01, R-SEC-21): one step per
 * structure. The first server stops while the job waits before its second structure; the next
 * resumes it and each structure's relevé is issued once, even when the batch is asked again;
 * the user's daily count per structure (the quota a single download counts in) leaves a
 * structure out, by name, once reached.
 */
describe.each(testDatabaseTargets())('relevés de compte in a batch on $name (R-JOB-06)', (target) => {
  let database: Database;
  let first: FastifyInstance;
  let second: FastifyInstance | undefined;
  let siege: string;
  let structures: number[];
  const gate = holdBeforeStep(JOB_KIND.statements, 2);
  const period = { du: '2023-09-01', au: '2024-08-31' };
  const options = { accountStatements: { newPerDay: 2 } };

  const issuedRows = async (structureId: number) =>
    (
      await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "MKP_ReleveCompteEmis" WHERE "ID_Structure" = $1`,
        [structureId],
      )
    )[0]!.n;
  const ask = (app: FastifyInstance, token: string, payload: object) =>
    app.inject({ method: 'POST', url: STATEMENT_BATCH_URL, headers: bearer(token), payload });

  beforeAll(async () => {
    database = await target.open();
    await seedSmall(database);
    first = await buildRestApp(database, {
      ...options,
      jobs: { ...TEST_JOBS, waitMs: 0, beforeStep: gate.beforeStep },
    });
    siege = await loginAs(first, 'siege@demo.fr');
    structures = (
      await database.query<{ id: number }>(
        `SELECT id FROM "STR_Structure" WHERE "ID_Federation" = $1 AND id <> $1 ORDER BY id LIMIT 3`,
        [HEAD_OFFICE_STRUCTURE_ID],
      )
    ).map((row) => row.id);
    expect(structures).toHaveLength(3);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
  });

  it('R-JOB-06, R-JOB-02: stopped before its second structure, the job resumes and issues each relevé once, as a ZIP', async () => {
    const job = accepted(await ask(first, siege, { structureIds: structures, ...period }));
    expect(job).toMatchObject({
      type: 'releves_en_lot',
      libelle: 'Relevés de compte de 3 structures du 01/09/2023 au 31/08/2024',
    });
    expect(await gate.held).toBe(job.id);
    expect(await Promise.all(structures.map(issuedRows))).toEqual([1, 0, 0]);
    await first.close();
    expect(await jobRow(database, job.id)).toMatchObject({ statut: 'en_attente', fait: 1, total: 3 });

    second = await buildRestApp(database, { ...options, jobs: { ...TEST_JOBS, waitMs: 0, startWorkers: true } });
    const done = await jobEnded(second, siege, job.id);
    expect(done.statut, done.erreur ?? '').toBe('termine');
    expect(await jobRow(database, job.id)).toMatchObject({ tentative: 2, fait: 3 });
    const result = done.resultat as unknown as StatementBatchResult;
    expect(result.ignores).toEqual([]);
    expect(result.emis.map((item) => [item.structureId, item.nouveau])).toEqual(structures.map((id) => [id, true]));
    expect(await Promise.all(structures.map(issuedRows))).toEqual([1, 1, 1]);

    // The archive holds each relevé as issued (the bytes downloaded again), and its sommaire.
    const entries = readZip((await jobResult(second, siege, job.id)).bytes);
    expect(entries.size).toBe(4);
    for (const item of result.emis) {
      const stored = await second.inject({
        method: 'GET',
        url: `/api/releves-de-compte/${item.id}?format=pdf`,
        headers: bearer(siege),
      });
      expect(stored.statusCode).toBe(200);
      const name = [...entries.keys()].find((entry) => entry.endsWith(`-${item.numero}.pdf`))!;
      expect(entries.get(name)!.equals(stored.rawPayload), name).toBe(true);
    }
    expect(entries.get('sommaire.csv')!.toString('utf8')).toContain('Émis par ce traitement');
    expect(await zipPartsLeft(database)).toBe(0);
  });

  it('R-JOB-06: asked again, the same relevés are the ones issued, never a second time', async () => {
    const job = accepted(await ask(second!, siege, { structureIds: structures, ...period }));
    const done = await jobEnded(second!, siege, job.id);
    const result = done.resultat as unknown as StatementBatchResult;
    expect(result.emis.map((item) => item.nouveau)).toEqual([false, false, false]);
    expect(await Promise.all(structures.map(issuedRows))).toEqual([1, 1, 1]);
  });

  it('R-JOB-06, R-SEC-21: a structure whose daily quota is reached is left out by name; the others are issued', async () => {
    // A single download counts in the same quota (2 a day here): the first structure reaches it.
    const single = await second!.inject({
      method: 'GET',
      url: `/api/structures/${structures[0]}/releve-de-compte?du=2022-09-01&au=2023-08-31&format=pdf`,
      headers: bearer(siege),
    });
    expect(single.statusCode, single.body).toBe(200);
    const job = accepted(await ask(second!, siege, { structureIds: structures, du: '2021-09-01', au: '2022-08-31' }));
    const done = await jobEnded(second!, siege, job.id);
    const result = done.resultat as unknown as StatementBatchResult;
    expect(result.ignores).toEqual([
      expect.objectContaining({
        structureId: structures[0],
        raison: expect.stringMatching(/relevés émis aujourd’hui/),
      }),
    ]);
    expect(result.emis.map((item) => item.structureId)).toEqual(structures.slice(1));
    expect(await Promise.all(structures.map(issuedRows))).toEqual([2, 2, 2]);
  });

  it('R-JOB-06: a club may not, a structure out of scope is not found, a bad period is refused in French', async () => {
    const club = await loginAs(second!, 'club@demo.fr');
    const refused = await ask(second!, club, { structureIds: structures, ...period });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toMatch(/siège, les ligues et les comités/);
    const ligue = await loginAs(second!, 'ligue@demo.fr');
    const [outside] = await database.query<{ id: number }>(
      `SELECT id FROM "STR_Structure" WHERE "ID_Federation" = $1 AND id <> $1 ORDER BY id DESC LIMIT 1`,
      [HEAD_OFFICE_STRUCTURE_ID],
    );
    const unknown = await ask(second!, ligue, { structureIds: [outside!.id], ...period });
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(unknown.json().message).toMatch(/périmètre/);
    const bad = await ask(second!, siege, { structureIds: structures, du: '2024-09-01', au: '2023-08-31' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/date de début/);
    const half = await ask(second!, siege, { structureIds: structures, du: '2024-09-01' });
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toMatch(/deux dates/);
  });

  it('R-PERM-06: a comité whose role no longer opens the flux module may not ask a batch, and no job is queued', async () => {
    // The comité's first request comes after the change (an actor is cached once loaded).
    const atRole = `(SELECT id FROM "FEDE_Role" WHERE "SlugRole" = 'administrateur_at')`;
    const fluxModule = `"SlugModule" = 'gestion_des_finances__flux_financiers' AND "Action" = 'lecture'`;
    // Its own structure: in scope, so only the module refusal stands between it and a job.
    const [own] = await database.query<{ id: number }>(
      `SELECT su."ID_Structure" AS id FROM "STR_StructureUtilisateur" su
        JOIN "UTI_Login" l ON l."ID_Utilisateur" = su."ID_Utilisateur" AND l."Email" = 'comite@demo.fr' LIMIT 1`,
    );
    const jobsBefore = await database.query(`SELECT id FROM "APP_Traitement" ORDER BY id`);
    await database.query(
      `UPDATE "FEDE_RoleModule" SET "EST_Acces" = false WHERE ${fluxModule} AND "ID_Role" = ${atRole}`,
    );
    try {
      const comite = await loginAs(second!, 'comite@demo.fr');
      const refused = await ask(second!, comite, { structureIds: [own!.id], ...period });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().message).toMatch(/module/i);
      expect(await database.query(`SELECT id FROM "APP_Traitement" ORDER BY id`)).toEqual(jobsBefore);
    } finally {
      await database.query(
        `UPDATE "FEDE_RoleModule" SET "EST_Acces" = true WHERE ${fluxModule} AND "ID_Role" = ${atRole}`,
      );
    }
  });
});
