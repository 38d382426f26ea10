import { JOB_KIND, JOBS_URL, type JobsResponse } from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { insertFlux, structureOf } from '../documents/document-fixtures';
import { bearer, buildRestApp } from '../rest/rest-context';
import { testDatabaseTargets } from '../support/databases';
import { loginAs, seedSmall, TEST_JOBS } from '../support/test-app';
import { holdBeforeStep, jobRow, until } from './job-kinds-support';

/**
 * The issuance backfill as one durable job for the whole fleet (R-JOB-08, R-DOC-01): every
 * instance asks for it as it starts, the key lets one wait or run. The first instance stops
 * while the job waits before its second range; the next instance, asking again, queues nothing
 * more and resumes the job: every flux issued once, none left.
 */
describe.each(testDatabaseTargets())('the issuance backfill as a job on $name (R-JOB-08)', (target) => {
  let database: Database;
  let first: FastifyInstance;
  let second: FastifyInstance | undefined;
  const gate = holdBeforeStep(JOB_KIND.issuanceBackfill, 2);

  const unissued = async () =>
    (
      await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "MKP_FluxFinancier" f
          WHERE NOT EXISTS (SELECT 1 FROM "MKP_FluxEmission" e WHERE e."ID_FluxFinancier" = f.id)`,
      )
    )[0]!.n;
  const backfills = () =>
    database.query<{ id: number; statut: string }>(
      `SELECT id, "Statut" AS statut FROM "APP_Traitement" WHERE "Type" = $1 ORDER BY id`,
      [JOB_KIND.issuanceBackfill],
    );

  let waiting = 0;
  let batchSize = 1;

  beforeAll(async () => {
    database = await target.open();
    await seedSmall(database);
    const clubId = await structureOf(database, 'club@demo.fr');
    const [season] = await database.query<{ id: number }>(
      `SELECT id FROM "FEDE_Saison" WHERE id <= 2024 ORDER BY id DESC LIMIT 1`,
    );
    // Flux written straight to the table, as before documents were issued with their flux.
    for (const name of ['Ancien flux A', 'Ancien flux B', 'Ancien flux C', 'Ancien flux D'])
      await insertFlux(database, { name, categoryId: 4, structureId: clubId, seasonId: season!.id, amount: '45.00' });
    waiting = await unissued();
    const [bounds] = await database.query<{ min: number; max: number }>(
      `SELECT min(f.id) AS min, max(f.id) AS max FROM "MKP_FluxFinancier" f
        WHERE NOT EXISTS (SELECT 1 FROM "MKP_FluxEmission" e WHERE e."ID_FluxFinancier" = f.id)`,
    );
    // About four ranges, so the job stops mid-way.
    batchSize = Math.max(1, Math.ceil((bounds!.max - bounds!.min + 1) / 4));
    first = await buildRestApp(database, {
      issuanceBackfill: true,
      jobKinds: { backfillBatchSize: batchSize },
      jobs: { ...TEST_JOBS, startWorkers: true, beforeStep: gate.beforeStep },
    });
    await first.ready();
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
  });

  it('R-JOB-08, R-JOB-02: asked by each instance, one job issues every older flux once, resumed after a stop', async () => {
    expect(waiting).toBeGreaterThanOrEqual(4);
    const jobId = await gate.held;
    expect(await backfills()).toEqual([{ id: jobId, statut: 'en_cours' }]);
    const afterFirstRange = await unissued();
    expect(afterFirstRange).toBeLessThan(waiting);
    expect(afterFirstRange).toBeGreaterThan(0);
    await first.close();
    expect(await jobRow(database, jobId)).toMatchObject({ statut: 'en_attente' });

    // Another instance starts and asks too: the fleet's one backfill already waits.
    second = await buildRestApp(database, {
      issuanceBackfill: true,
      jobKinds: { backfillBatchSize: batchSize },
      jobs: { ...TEST_JOBS, startWorkers: true },
    });
    await second.ready();
    await until(
      () => jobRow(database, jobId),
      (row) => row.statut === 'termine',
      'émission terminée',
    );
    expect(await backfills()).toEqual([{ id: jobId, statut: 'termine' }]);
    expect(await jobRow(database, jobId)).toMatchObject({ tentative: 2 });
    expect(await unissued()).toBe(0);
    const [result] = await database.query<{ emis: number }>(
      `SELECT ("Resultat"->>'emis')::int AS emis FROM "APP_Traitement" WHERE id = $1`,
      [jobId],
    );
    expect(result!.emis).toBe(waiting);
    const [twice] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT "ID_FluxFinancier" FROM "MKP_FluxEmission" GROUP BY 1 HAVING count(*) > 1) d`,
    );
    expect(twice!.n).toBe(0);
    // Nobody's own job: no user lists it.
    const siege = await loginAs(second, 'siege@demo.fr');
    const listed = await second.inject({ method: 'GET', url: JOBS_URL, headers: bearer(siege) });
    expect((listed.json() as JobsResponse).traitements.map((job) => job.id)).not.toContain(jobId);
  });

  it('R-JOB-08: with every flux issued, an instance starting queues nothing', async () => {
    const third = await buildRestApp(database, { issuanceBackfill: true, jobs: { ...TEST_JOBS, startWorkers: true } });
    try {
      await third.ready();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await backfills()).length).toBe(1);
    } finally {
      await third.close();
    }
  });
});
