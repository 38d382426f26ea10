import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RECAP_BATCH_URL, type RecapListAnswer } from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { createMailTransport } from '../../../src/modules/mail/mail-transport';
import { jobEnded, until } from '../jobs/job-kinds-support';
import { bearer } from '../rest/rest-context';
import { testDatabaseTargets } from '../support/databases';
import { openSeededApp } from '../support/seeded-app';
import { TEST_JOBS } from '../support/test-app';

const MONTH = '2026-08';

/**
 * R-RECAP-05, R-RECAP-07: the month's job e-mails each recap once, through the mail module's
 * deliveries (written to its local outbox), only to the structures that opted in and have an
 * 'E-mail de facturation'; run again, it sends nothing more.
 */
describe.each(testDatabaseTargets())('the monthly recaps’ e-mails on $name (R-RECAP-07)', (target) => {
  let database: Database, app: FastifyInstance, siege: string, outbox: string;
  let optedIn: number, optedInWithoutAddress: number, addressOnly: number;

  const structureIds = async () =>
    (await database.query<{ id: number }>(`SELECT id FROM "STR_Structure" WHERE id <> 1318 ORDER BY id LIMIT 3`)).map(
      (row) => row.id,
    );
  const runMonth = async () => {
    const started = await app.inject({
      method: 'POST',
      url: RECAP_BATCH_URL,
      headers: bearer(siege),
      payload: { mois: MONTH },
    });
    expect(started.statusCode, started.body).toBe(202);
    const job = await jobEnded(app, siege, (started.json() as { traitement: { id: number } }).traitement.id);
    expect(job.statut, job.erreur ?? '').toBe('termine');
  };
  const deliveries = () =>
    database.query<{ structure: number; to: string; status: string; recap: number }>(
      `SELECT "ID_Structure" AS structure, "Destinataire" AS "to", "Statut" AS status, "ID_RecapitulatifMensuel" AS recap
         FROM "MEL_Envoi" WHERE "TypeDocument" = 'recapitulatif' ORDER BY id`,
    );

  beforeAll(async () => {
    outbox = await mkdtemp(path.join(tmpdir(), 'gdf-recap-outbox-'));
    const transport = createMailTransport({ outboxDir: outbox });
    const mail = { transport, from: 'Trésorerie <compta@ffme.test>', retryLimit: 1, retryDelaySeconds: 1 };
    ({ database, app, siege } = await openSeededApp(target, {
      jobs: { ...TEST_JOBS, waitMs: 0, startWorkers: true },
      mail,
    }));
    [optedIn, optedInWithoutAddress, addressOnly] = (await structureIds()) as [number, number, number];
    await database.query(`UPDATE "STR_Structure" SET "CT_EmailFacturation" = NULL`);
    await database.query(
      `UPDATE "STR_Structure" SET "CT_EmailFacturation" = 'recap@structure.test' WHERE id = ANY($1::int[])`,
      [`{${optedIn},${addressOnly}}`],
    );
    for (const id of [optedIn, optedInWithoutAddress]) {
      const put = await app.inject({
        method: 'PUT',
        url: `/api/structures/${id}/recapitulatifs/abonnement`,
        headers: bearer(siege),
        payload: { abonnementEmail: true },
      });
      expect(put.statusCode, put.body).toBe(200);
    }
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(outbox, { recursive: true, force: true });
  });

  it('e-mails the recap only to the structure that opted in with an address, once, with its stored PDF', async () => {
    await runMonth();
    const sent = await until(
      deliveries,
      (rows) => rows.length > 0 && rows.every((row) => row.status !== 'en_attente'),
      'envois',
    );
    expect(sent).toEqual([
      { structure: optedIn, to: 'recap@structure.test', status: 'boite_locale', recap: expect.any(Number) },
    ]);

    const [stored] = await database.query<{ sha: string; number: string }>(
      `SELECT "Sha256Pdf" AS sha, "Numero" AS number FROM "RM_RecapitulatifMensuelEmis" WHERE id = $1`,
      [sent[0]!.recap],
    );
    const files = (await readdir(outbox)).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const parsed = await simpleParser(await readFile(path.join(outbox, files[0]!)));
    expect(parsed.subject).toBe(`Récapitulatif mensuel de août 2026 n° ${stored!.number}`);
    expect(parsed.attachments.map((a) => createHash('sha256').update(a.content).digest('hex'))).toEqual([stored!.sha]);

    const list = await app.inject({
      method: 'GET',
      url: `/api/structures/${optedIn}/recapitulatifs`,
      headers: bearer(siege),
    });
    const answer = list.json() as RecapListAnswer;
    expect(answer).toMatchObject({ abonnementEmail: true, emailFacturation: 'recap@structure.test' });
    expect(answer.recapitulatifs.find((recap) => recap.mois === MONTH)?.envoyeLe).toEqual(expect.any(String));
  });

  it('run again for the same month, sends nothing more', async () => {
    await runMonth();
    expect(await deliveries()).toHaveLength(1);
    expect((await readdir(outbox)).filter((name) => name.endsWith('.eml'))).toHaveLength(1);
  });
});
