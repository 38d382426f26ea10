import {
  HEAD_OFFICE_STRUCTURE_ID,
  IMPAYES_PATH,
  JOB_KIND,
  REMINDERS_PATH,
  reminderPdfPath,
  type OverdueRow,
  type ReminderBatchResult,
} from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { readZip } from '../documents/zip-tools';
import { bearer, buildRestApp } from '../rest/rest-context';
import { testDatabaseTargets } from '../support/databases';
import { loginAs, seedSmall, TEST_JOBS } from '../support/test-app';
import { accepted, holdBeforeStep, jobEnded, jobResult, jobRow, zipPartsLeft } from './job-kinds-support';

/**
 * Reminder letters to many structures as a job (R-JOB-09, R-DUE-04, R-DUE-05): above two
 * structures here. The first server stops while the job waits before its second letter; the
 * next resumes it: one letter per structure at the rank the list showed, each stored once and
 * downloadable in the job's ZIP. Asked again from the same (now stale) list, every structure is
 * left out by name: a letter is never issued twice for one rank.
 */
describe.each(testDatabaseTargets())('reminder batches as a job on $name (R-JOB-09)', (target) => {
  let database: Database;
  let first: FastifyInstance;
  let second: FastifyInstance | undefined;
  let siege: string;
  let chosen: OverdueRow[];
  const gate = holdBeforeStep(JOB_KIND.reminders, 2);
  const sizes = { remindersBackgroundAbove: 2 };

  const letters = async (structureId: number) =>
    (
      await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM "MKP_Relance" WHERE "ID_Structure" = $1`, [
        structureId,
      ])
    )[0]!.n;
  const issue = (app: FastifyInstance, token: string, payload: object) =>
    app.inject({ method: 'POST', url: REMINDERS_PATH, headers: bearer(token), payload });
  const request = () => ({
    structureIds: chosen.map((row) => row.structure.id),
    lastReminderIds: chosen.map((row) => row.lastReminder?.id ?? null),
  });

  beforeAll(async () => {
    database = await target.open();
    await seedSmall(database);
    first = await buildRestApp(database, {
      jobKinds: sizes,
      jobs: { ...TEST_JOBS, waitMs: 0, beforeStep: gate.beforeStep },
    });
    siege = await loginAs(first, 'siege@demo.fr');
    const list = await first.inject({ method: 'GET', url: IMPAYES_PATH, headers: bearer(siege) });
    chosen = (list.json() as { rows: OverdueRow[] }).rows
      .filter((row) => row.structure.id !== HEAD_OFFICE_STRUCTURE_ID)
      .slice(0, 3);
    expect(chosen).toHaveLength(3);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
  });

  let before: number[];

  it('R-JOB-09, R-JOB-02: stopped before its second letter, the job resumes: one letter per structure, in its ZIP', async () => {
    before = await Promise.all(chosen.map((row) => letters(row.structure.id)));
    const job = accepted(await issue(first, siege, request()));
    expect(job).toMatchObject({ type: 'relances_en_lot', libelle: 'Lettres de relance à 3 structures' });
    expect(await gate.held).toBe(job.id);
    expect(await Promise.all(chosen.map((row) => letters(row.structure.id)))).toEqual([
      before[0]! + 1,
      before[1],
      before[2],
    ]);
    await first.close();
    expect(await jobRow(database, job.id)).toMatchObject({ statut: 'en_attente', fait: 1, total: 3 });

    second = await buildRestApp(database, { jobKinds: sizes, jobs: { ...TEST_JOBS, waitMs: 0, startWorkers: true } });
    const done = await jobEnded(second, siege, job.id);
    expect(done.statut, done.erreur ?? '').toBe('termine');
    expect(await jobRow(database, job.id)).toMatchObject({ tentative: 2, fait: 3 });
    const result = done.resultat as unknown as ReminderBatchResult;
    expect(result.ignorees).toEqual([]);
    expect(result.emises.map((letter) => letter.structureId)).toEqual(chosen.map((row) => row.structure.id));
    expect(result.emises.map((letter) => letter.niveau)).toEqual(chosen.map((row) => row.proposedLevel));
    expect(await Promise.all(chosen.map((row) => letters(row.structure.id)))).toEqual(before.map((n) => n + 1));

    const entries = readZip((await jobResult(second, siege, job.id)).bytes);
    expect(entries.size).toBe(4);
    for (const letter of result.emises) {
      const single = await second.inject({ method: 'GET', url: reminderPdfPath(letter.id), headers: bearer(siege) });
      expect(single.statusCode).toBe(200);
      const name = /filename="([^"]+)"/.exec(String(single.headers['content-disposition']))![1]!;
      expect(entries.get(name)!.equals(single.rawPayload), name).toBe(true);
    }
    expect(await zipPartsLeft(database)).toBe(0);
    const [audits] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "APP_AuditLog" WHERE "Action" = 'emission_relance' AND "ID_Cible" = ANY($1::int[])`,
      [result.emises.map((letter) => letter.id)],
    );
    expect(audits!.n).toBe(3);
  });

  it('R-JOB-09, R-DUE-05: asked again from the same list, each structure is left out by name, nothing issued twice', async () => {
    const job = accepted(await issue(second!, siege, request()));
    const done = await jobEnded(second!, siege, job.id);
    const result = done.resultat as unknown as ReminderBatchResult;
    expect(result.emises).toEqual([]);
    expect(result.ignorees.map((item) => item.structureId)).toEqual(chosen.map((row) => row.structure.id));
    expect(result.ignorees[0]!.raison).toMatch(/vient d’être émise pour/);
    expect(await Promise.all(chosen.map((row) => letters(row.structure.id)))).toEqual(before.map((n) => n + 1));
  });

  it('R-JOB-09: a small selection is issued in the request; refusals come before anything is queued', async () => {
    const small = await issue(second!, siege, { structureIds: [chosen[0]!.structure.id] });
    expect(small.statusCode, small.body).toBe(201);
    const club = await loginAs(second!, 'club@demo.fr');
    const refused = await issue(second!, club, { ...request(), arrierePlan: true });
    expect(refused.statusCode).toBe(403);
    const own = await issue(second!, siege, {
      structureIds: [HEAD_OFFICE_STRUCTURE_ID, ...chosen.map((row) => row.structure.id)],
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toMatch(/elle-même/);
    const [queued] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "APP_Traitement" WHERE "Type" = $1`,
      [JOB_KIND.reminders],
    );
    expect(queued!.n).toBe(2);
  });
});
