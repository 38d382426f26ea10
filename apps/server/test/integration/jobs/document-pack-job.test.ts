import {
  DOCUMENT_PACK_PATH,
  EMPTY_FLUX_FILTERS,
  JOB_KIND,
  jobUrl,
  type FluxSearchFilters,
  type JobView,
} from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { insertFlux, structureOf } from '../documents/document-fixtures';
import { readZip } from '../documents/zip-tools';
import { bearer, buildRestApp } from '../rest/rest-context';
import { testDatabaseTargets } from '../support/databases';
import { loginAs, seedSmall, TEST_JOBS } from '../support/test-app';
import { accepted, holdBeforeStep, jobAs, jobEnded, jobResult, jobRow, until, zipPartsLeft } from './job-kinds-support';

/**
 * A document pack built in the background (R-JOB-05, R-DOC-08, R-JOB-02): one flux per step
 * here, so a pack of four flux (eight documents) takes four steps and a ZIP of four parts. The
 * first server is stopped while the job waits before its third step; the next server resumes
 * it from its checkpoint to an archive holding every document once, byte for byte the single
 * download's, with its sommaire.csv; a cancelled pack leaves no part behind.
 */
describe.each(testDatabaseTargets())('document packs as a job on $name (R-JOB-05)', (target) => {
  let database: Database;
  let first: FastifyInstance;
  let second: FastifyInstance | undefined;
  let club: string;
  let seasonId: number;
  const ids: number[] = [];
  const tag = `LotJob${Date.now().toString(36)}`;
  const gate = holdBeforeStep(JOB_KIND.documentPack, 3);
  let resumedId = 0;
  const secondGate = holdBeforeStep(JOB_KIND.documentPack, 2, (id) => id !== resumedId);

  const filters = (): FluxSearchFilters => ({ ...EMPTY_FLUX_FILTERS, label: tag });
  const ask = (app: FastifyInstance, payload: object) =>
    app.inject({ method: 'POST', url: DOCUMENT_PACK_PATH, headers: bearer(club), payload });
  const packAudits = async (jobId: number) =>
    database.query<{ details: { envoyes: number; complet: boolean; documents: number } }>(
      `SELECT "Details" AS details FROM "APP_AuditLog"
        WHERE "Action" = 'telechargement_lot_documents' AND ("Details"->>'traitement')::int = $1`,
      [jobId],
    );

  beforeAll(async () => {
    database = await target.open();
    await seedSmall(database);
    first = await buildRestApp(database, {
      documentPacks: { jobStepFlux: 1 },
      jobs: { ...TEST_JOBS, waitMs: 0, beforeStep: gate.beforeStep },
    });
    club = await loginAs(first, 'club@demo.fr');
    const clubId = await structureOf(database, 'club@demo.fr');
    const [season] = await database.query<{ id: number }>(
      `SELECT id FROM "FEDE_Saison" WHERE id <= 2024 ORDER BY id DESC LIMIT 1`,
    );
    seasonId = season!.id;
    for (const [index, amount] of ['12.5', '30', '1234.56', '7'].entries())
      ids.push(
        await insertFlux(database, {
          name: `${tag} licence ${index}`,
          categoryId: 1,
          structureId: clubId,
          seasonId,
          amount,
        }),
      );
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
  });

  let packJob: JobView;

  it('R-JOB-05, R-JOB-02: asked in the background it is a job; its server stopped mid-way, the next one resumes it to the whole archive', async () => {
    packJob = accepted(await ask(first, { filters: filters(), kinds: ['facture', 'releve'], arrierePlan: true }));
    expect(packJob).toMatchObject({
      type: 'lot_documents',
      libelle: 'Lot de 8 documents (factures et relevés d’opération)',
      annulable: true,
    });
    // One background pack per user at a time.
    const twice = await ask(first, { filters: filters(), kinds: ['facture'], arrierePlan: true });
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json().message).toMatch(/Mes traitements/);

    expect(await gate.held).toBe(packJob.id);
    const running = await jobAs(first, club, packJob.id);
    expect(running).toMatchObject({ statut: 'en_cours', fait: 4, total: 8 });
    expect(await zipPartsLeft(database)).toBe(2);

    await first.close(); // hands the job back: its third step never began
    expect(await jobRow(database, packJob.id)).toMatchObject({ statut: 'en_attente', fait: 4 });

    resumedId = packJob.id;
    second = await buildRestApp(database, {
      documentPacks: { jobStepFlux: 1, backgroundAbove: 6 },
      jobs: { ...TEST_JOBS, waitMs: 0, startWorkers: true, beforeStep: secondGate.beforeStep },
    });
    const done = await jobEnded(second, club, packJob.id);
    expect(done).toMatchObject({ statut: 'termine', fait: 8, total: 8, resultat: { documents: 8, demandes: 8 } });
    expect(done.fichier?.nom).toMatch(/^documents-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(await jobRow(database, packJob.id)).toMatchObject({ tentative: 2 });
    // Steps 1 and 2 committed by the first server are not done again: two more, then the archive.
    expect(secondGate.steps.get(packJob.id)).toBe(3);

    const result = await jobResult(second, club, packJob.id);
    expect(result.status).toBe(200);
    expect(result.headers['content-type']).toBe('application/zip');
    const entries = readZip(result.bytes);
    // R-DOC-05: the names of the single downloads, checked against them below.
    const names = [...entries.keys()];
    expect(names).toHaveLength(ids.length * 2 + 1);
    expect(names.at(-1)).toBe('sommaire.csv');
    const summary = entries.get('sommaire.csv')!.toString('utf8').trimEnd().split('\r\n');
    expect(summary).toHaveLength(9);
    expect(summary[5]).toMatch(new RegExp(`^${seasonId}-FFME-${ids[2]};${ids[2]};.+;${tag} licence 2;1234,56;`));
    for (const id of ids) {
      for (const kind of ['facture', 'releve'] as const) {
        const single = await second.inject({
          method: 'GET',
          url: `/api/flux/${id}/${kind}.pdf`,
          headers: bearer(club),
        });
        const name = /filename="([^"]+)"/.exec(single.headers['content-disposition'] as string)![1]!;
        expect(name).toMatch(kind === 'facture' ? new RegExp(`-${seasonId}-FFME-${id}\\.pdf$`) : /^releve-/);
        expect(entries.get(name)!.equals(single.rawPayload), `${kind} ${id}`).toBe(true);
      }
    }
    // The parts were joined and deleted; one audit row for the pack, complete.
    expect(await zipPartsLeft(database)).toBe(0);
    expect((await packAudits(packJob.id)).map((row) => row.details)).toEqual([
      expect.objectContaining({ envoyes: 8, complet: true, documents: 8 }),
    ]);
  });

  it('R-JOB-05: above the threshold a pack is a job without asking; below, it streams the same bytes', async () => {
    const streamed = await ask(second!, { filters: filters(), kinds: ['facture'] });
    expect(streamed.statusCode, streamed.body).toBe(200);
    expect(streamed.headers['content-type']).toBe('application/zip');
    const first = await jobResult(second!, club, packJob.id);
    const fromJob = readZip(first.bytes);
    for (const [name, bytes] of readZip(streamed.rawPayload)) {
      if (name !== 'sommaire.csv') expect(fromJob.get(name)!.equals(bytes), name).toBe(true);
    }

    const large = accepted(await ask(second!, { filters: filters(), kinds: ['facture', 'releve'] }));
    expect(large.type).toBe('lot_documents');
    // Cancelled while it waits before its second step: the first step's part goes, nothing else stays.
    expect(await secondGate.held).toBe(large.id);
    const cancel = await second!.inject({
      method: 'POST',
      url: `${jobUrl(large.id)}/annulation`,
      headers: bearer(club),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelled = await until(
      () => jobAs(second!, club, large.id),
      (job) => job.statut === 'annule',
      'annulé',
    );
    expect(cancelled).toMatchObject({ fait: 2, fichier: null });
    expect(await zipPartsLeft(database)).toBe(0);
    expect((await jobResult(second!, club, large.id)).status).toBe(404);
    expect((await packAudits(large.id)).map((row) => row.details)).toEqual([
      expect.objectContaining({ envoyes: 2, complet: false }),
    ]);
    // Another user never sees it.
    const siege = await loginAs(second!, 'siege@demo.fr');
    expect((await second!.inject({ method: 'GET', url: jobUrl(packJob.id), headers: bearer(siege) })).statusCode).toBe(
      404,
    );
  });
});
