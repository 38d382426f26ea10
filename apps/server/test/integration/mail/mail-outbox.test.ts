import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  billingEmailUrl,
  documentMailLogUrl,
  MAIL_BATCH_URL,
  mailStatusText,
  type MailBatchResult,
  type MailLogAnswer,
} from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { createMailTransport } from '../../../src/modules/mail/mail-transport';
import { jobEnded } from '../jobs/job-kinds-support';
import { bearer, buildRestApp } from '../rest/rest-context';
import { testDatabaseTargets } from '../support/databases';
import { loginAs, seedSmall, TEST_JOBS } from '../support/test-app';

/**
 * R-MAIL-06 without SMTP_URL: a delivery is written to the local outbox and its log says it was
 * not sent ('boite_locale'), never 'Envoyé'. And a batch naming a facture never downloaded
 * issues it in the job, not in the request (R-DOC-02): the message carries the stored bytes.
 */
describe.each(testDatabaseTargets())('e-mail to the local outbox on $name (R-MAIL-06)', (target) => {
  let database: Database;
  let app: FastifyInstance;
  let siege: string;
  let outbox: string;
  let clubId: number;
  let neverIssued: number;

  beforeAll(async () => {
    outbox = await mkdtemp(path.join(tmpdir(), 'gdf-outbox-'));
    database = await target.open();
    await seedSmall(database);
    app = await buildRestApp(database, {
      jobs: { ...TEST_JOBS, waitMs: 0, startWorkers: true },
      mail: {
        transport: createMailTransport({ outboxDir: outbox }),
        from: 'Trésorerie FFME <compta@ffme.test>',
        retryLimit: 1,
        retryDelaySeconds: 1,
      },
    });
    siege = await loginAs(app, 'siege@demo.fr');
    const [flux] = await database.query<{ id: number; structure: number }>(
      `SELECT f.id, f."ID_Structure" AS structure FROM "MKP_FluxFinancier" f
        WHERE f."EST_Debit" AND f."ID_CategoryFlux" = 4 AND f."ID_FluxFinancierRelance" IS NULL
          AND NOT EXISTS (SELECT 1 FROM "MKP_FluxFinancier" o WHERE o."ID_FluxFinancierRelance" = f.id)
          AND NOT EXISTS (SELECT 1 FROM "MKP_DocumentEmis" e WHERE e."ID_FluxFinancier" = f.id)
        ORDER BY f.id LIMIT 1`,
    );
    neverIssued = flux!.id;
    clubId = flux!.structure;
    const billing = await app.inject({
      method: 'PATCH',
      url: billingEmailUrl(clubId),
      headers: bearer(siege),
      payload: { email: 'tresorerie@club.test' },
    });
    expect(billing.statusCode, billing.body).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(outbox, { recursive: true, force: true });
  });

  it('R-MAIL-06, R-DOC-02: a batch issues its never-downloaded facture in the job; the message is written to the outbox and logged as not sent', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: MAIL_BATCH_URL,
      headers: bearer(siege),
      payload: { cle: randomUUID(), documents: [{ type: 'facture', id: neverIssued }] },
    });
    expect(answer.statusCode, answer.body).toBe(202);
    const job = await jobEnded(app, siege, (answer.json() as { traitement: { id: number } }).traitement.id);
    expect(job.statut, job.erreur ?? '').toBe('termine');
    expect(job.resultat as unknown as MailBatchResult).toMatchObject({ envoyes: 0, boiteLocale: 1, echecs: 0 });

    const log = await app.inject({
      method: 'GET',
      url: documentMailLogUrl('facture', neverIssued),
      headers: bearer(siege),
    });
    const [delivery] = (log.json() as MailLogAnswer).envois;
    expect(delivery).toMatchObject({ statut: 'boite_locale', destinataire: 'tresorerie@club.test' });
    expect(mailStatusText(delivery!, (iso) => iso)).toMatch(/^Non envoyé : écrit dans la boîte d’envoi locale/);

    // Issued by the job, once; the .eml in the outbox carries its stored bytes.
    const stored = await database.query<{ sha: string }>(
      `SELECT "Sha256" AS sha FROM "MKP_DocumentEmis" WHERE "ID_FluxFinancier" = $1 AND "Type" = 'facture'`,
      [neverIssued],
    );
    expect(stored).toHaveLength(1);
    const files = (await readdir(outbox)).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const parsed = await simpleParser(await readFile(path.join(outbox, files[0]!)));
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '').toBe('tresorerie@club.test');
    const shas = parsed.attachments.map((a) => createHash('sha256').update(a.content).digest('hex'));
    expect(shas).toContain(stored[0]!.sha);
  });
});
