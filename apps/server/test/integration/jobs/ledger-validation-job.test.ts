import {
  HEAD_OFFICE_STRUCTURE_ID,
  jobResultUrl,
  jobUrl,
  JOBS_URL,
  parisToday,
  StructureType,
  type FiscalYearsResponse,
  type FiscalYearView,
  type JobView,
  type JobsResponse,
  type ValidationResult,
} from '@gdf/domain';
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { ensureFiscalYears } from '../../../src/modules/ledger/fiscal-years.repository';
import { validateEntries } from '../../../src/modules/ledger/ledger-validation';
import { testDatabaseTargets } from '../support/databases';
import { seedSmall, TEST_JOBS, TEST_TODAY } from '../support/test-app';
import { bearer, closeRestContext, openRestContext, type RestContext } from '../rest/rest-context';
import { ledgerRows, numberingGaps } from './ledger-rows';

/**
 * 'Valider les écritures' as a job (R-JOB-01 to R-JOB-04, R-LEDG-07): the route answers 202 with
 * the job (it waits 0 ms here), whose progress, cancellation and result the owner follows in
 * 'Mes traitements'. One entry-day per step, so the head office's 2025-2026 year takes hundreds
 * of steps: a cancellation lands mid-way, and the rest validated afterwards gives the very
 * ledger one uninterrupted validation gives on a copy of the same database.
 */
const YEAR = '2025-2026';

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 180_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} : pas atteint en ${ms} ms (${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(testDatabaseTargets())('validation as a job on $name (R-JOB-01 to R-JOB-04)', (target) => {
  let context: RestContext;
  let app: FastifyInstance;
  let reference: Database;
  let siege: string;

  // The first job is held before its third step until the test has looked at it (or cancels it).
  let steps = 0;
  let release!: () => void;
  let holding!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = new Promise<void>((resolve) => (holding = resolve));
  const beforeStep = async ({ signal }: { signal: AbortSignal }) => {
    steps += 1;
    if (steps !== 3 || signal.aborted) return;
    holding();
    await Promise.race([released, once(signal, 'abort')]);
  };

  beforeAll(async () => {
    context = await openRestContext(target, {
      ledgerClock: () => TEST_TODAY,
      ledgerStepEntries: 1,
      // Staged ten days of entries per transaction: the same ledger as one staging (R-JOB-02).
      ledgerStageDays: 10,
      jobs: { ...TEST_JOBS, waitMs: 0, beforeStep },
    });
    ({ app } = context);
    siege = context.tokens.siege;
    // The same database, validated in one go by the one-transaction validation.
    reference = await target.open();
    await seedSmall(reference);
  });
  afterAll(async () => {
    await closeRestContext(context);
    await reference?.close();
  });

  const get = async <T>(token: string, url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
    return { status: response.statusCode, body: response.json() as T };
  };
  const post = (token: string, url: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const headOfficeYear = async () =>
    (await get<FiscalYearsResponse>(siege, '/api/parametrages-comptables/exercices')).body.exercices.find(
      (y) => y.libelle === YEAR,
    )!;
  const validate = (year: FiscalYearView) =>
    post(siege, `/api/parametrages-comptables/exercices/${year.id}/validation`, { jusquau: year.fin });
  const job = async (id: number) => (await get<JobView>(siege, jobUrl(id))).body;

  let firstJob: JobView;
  let secondJob: JobView;
  /** Entries the cancelled job validated. */
  let cancelledCount = 0;

  it('R-JOB-01, R-JOB-02: answers 202 with the job, shows its progress, and a cancel stops it on a validated day', async () => {
    const year = await headOfficeYear();
    const started = await validate(year);
    expect(started.statusCode, started.body).toBe(202);
    firstJob = (started.json() as { traitement: JobView }).traitement;
    expect(firstJob).toMatchObject({ type: 'validation_ecritures', annulable: true });
    expect(firstJob.libelle).toBe('Validation des écritures 2025-2026 jusqu’au 31/08/2026');
    expect(['en_attente', 'en_cours']).toContain(firstJob.statut);

    // One job per books at a time.
    const twice = await validate(year);
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json().message).toMatch(/Mes traitements/);

    await held;
    const running = await job(firstJob.id);
    expect(running).toMatchObject({ statut: 'en_cours', annulable: true });
    expect(running.fait).toBeGreaterThan(0);
    expect(running.fait).toBeLessThan(running.total!);
    expect(running.etape).toMatch(/^Écritures validées jusqu’au \d\d\/\d\d\/\d{4}$/);

    const cancel = await post(siege, `${jobUrl(firstJob.id)}/annulation`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelled = await until(
      () => job(firstJob.id),
      (j) => j.statut === 'annule',
      'annulé',
    );
    release();
    expect(cancelled.fait).toBe(running.fait); // held before its third step: two steps committed
    expect(cancelled.annulable).toBe(false);

    // What the committed steps validated stands, consistent: the year validated to a day, as
    // many entries as the job counted, numbered without a gap.
    const after = await headOfficeYear();
    expect(after.statut).toBe('ouvert');
    expect(after.valideJusquau! >= year.debut && after.valideJusquau! < year.fin).toBe(true);
    const [count] = await context.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "CPT_Ecriture" WHERE "ID_Exercice" = $1`,
      [year.id],
    );
    expect(count!.n).toBe(cancelled.fait);
    cancelledCount = cancelled.fait;
    expect(await numberingGaps(context.database, HEAD_OFFICE_STRUCTURE_ID)).toBe(0);
    const [audit] = await context.database.query<{ details: { interrompue?: boolean; jusquau: string } }>(
      `SELECT "Details" AS details FROM "APP_AuditLog" WHERE "Action" = 'validation_ecritures' AND "ID_Cible" = $1
        ORDER BY id DESC LIMIT 1`,
      [year.id],
    );
    expect(audit!.details).toMatchObject({ interrompue: true, jusquau: after.valideJusquau });
  });

  it('R-JOB-02, R-LEDG-07: the rest validated afterwards gives the same ledger as one uninterrupted validation', async () => {
    const year = await headOfficeYear();
    const started = await validate(year);
    expect(started.statusCode, started.body).toBe(202);
    secondJob = (started.json() as { traitement: JobView }).traitement;
    const done = await until(
      () => job(secondJob.id),
      (j) => j.statut === 'termine',
      'terminé',
    );
    const result = done.resultat as unknown as ValidationResult;
    expect(result.exercice).toMatchObject({ valideJusquau: year.fin, statut: 'ouvert' });
    expect(result.nbEcritures).toBe(done.total);

    const owner = { structureId: HEAD_OFFICE_STRUCTURE_ID, structureType: StructureType.Federation, userId: null };
    await reference.transaction((tx) => ensureFiscalYears(tx, owner, parisToday(TEST_TODAY)));
    const referenceYear = (
      await reference.query<{ id: number }>(
        `SELECT id FROM "CPT_Exercice" WHERE "ID_Structure" = $1 AND "DateDebut" = $2`,
        [HEAD_OFFICE_STRUCTURE_ID, year.debut],
      )
    )[0];
    expect(referenceYear, 'the years are drawn alike on both copies').toBeDefined();
    const whole = await validateEntries(reference, owner, {
      exerciceId: referenceYear!.id,
      jusquau: year.fin,
      closing: false,
      today: parisToday(TEST_TODAY),
    });
    const jobRows = await ledgerRows(context.database, HEAD_OFFICE_STRUCTURE_ID);
    expect(jobRows.length).toBeGreaterThan(100);
    expect(jobRows).toEqual(await ledgerRows(reference, HEAD_OFFICE_STRUCTURE_ID));
    expect(whole.nbEcritures).toBe(cancelledCount + result.nbEcritures);
  });

  it('R-JOB-03, R-JOB-04: Mes traitements lists the user’s own jobs; the result downloads; others see nothing', async () => {
    const mine = await get<JobsResponse>(siege, JOBS_URL);
    expect(mine.status).toBe(200);
    const listed = mine.body.traitements.filter((j) => [firstJob.id, secondJob.id].includes(j.id));
    expect(listed.map((j) => [j.id, j.statut])).toEqual([
      [secondJob.id, 'termine'],
      [firstJob.id, 'annule'],
    ]);
    const download = await app.inject({ method: 'GET', url: jobResultUrl(secondJob.id), headers: bearer(siege) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(`traitement-${secondJob.id}.json`);
    expect(download.json()).toEqual((await job(secondJob.id)).resultat);
    expect(
      (await app.inject({ method: 'GET', url: jobResultUrl(firstJob.id), headers: bearer(siege) })).statusCode,
    ).toBe(404);

    // Another user: 404 on the job, its cancellation and its result, and an empty list.
    const club = context.tokens.club;
    expect((await get(club, jobUrl(secondJob.id))).status).toBe(404);
    expect((await post(club, `${jobUrl(secondJob.id)}/annulation`)).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: jobResultUrl(secondJob.id), headers: bearer(club) })).statusCode,
    ).toBe(404);
    expect((await get<JobsResponse>(club, JOBS_URL)).body.traitements).toEqual([]);
    // A super admin may look at any job (to stop a runaway one) but lists only theirs.
    const superAdmin = context.tokens.superAdmin;
    expect((await get<JobView>(superAdmin, jobUrl(secondJob.id))).body.id).toBe(secondJob.id);
    expect((await get<JobsResponse>(superAdmin, JOBS_URL)).body.traitements.map((j) => j.id)).not.toContain(
      secondJob.id,
    );
    // A finished job cannot be cancelled; bad ids are refused in French.
    expect((await post(siege, `${jobUrl(secondJob.id)}/annulation`)).statusCode).toBe(409);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const response = await app.inject({ method: 'GET', url: `${JOBS_URL}/${bad}`, headers: bearer(siege) });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message).toMatch(/invalide/i);
    }
    expect((await app.inject({ method: 'GET', url: JOBS_URL })).statusCode).toBe(401);
  });
});
