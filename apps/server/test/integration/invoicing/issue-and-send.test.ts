import {
  DRAFTS_URL,
  HEAD_OFFICE_STRUCTURE_ID,
  INVOICING_MESSAGES,
  MAIL_NO_ADDRESS,
  draftIssueUrl,
  draftUrl,
  type DraftView,
  type IssuedInvoiceView,
} from '@gdf/domain';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { createMailTransport } from '../../../src/modules/mail/mail-transport';
import { bearer } from '../rest/rest-context';
import { testDatabaseTargets } from '../support/databases';
import { invoicingAppOptions, stageDraftBody } from '../support/invoicing-drafts';
import { closeSeededApp, openSeededApp } from '../support/seeded-app';
import { buildTestApp, loginAs } from '../support/test-app';

/**
 * R-MAIL-09: 'Émettre et envoyer' on a draft invoice: issued as by 'Émettre' (R-INV-05), its
 * facture queued once for its structure's address (R-MAIL-03, R-MAIL-04), a category-5 one as its
 * SEPA pre-notification (R-FACT-10); the same request again queues nothing more; a structure
 * without an address has its invoice issued, not sent, with the reason; a caller without the send
 * grant (R-MAIL-05) is refused before anything is issued.
 */
const STAGE = { libelle: 'Stage escalade décembre', note: '', days: 2 };
const BILLING = 'tresorerie@club-envoi.test';
const outbox = mkdtempSync(path.join(tmpdir(), 'gdf-issue-send-'));
afterAll(() => rmSync(outbox, { recursive: true, force: true }));
/** Messages go to a folder of this test (R-MAIL-06), never to the data directory. */
const appOptions = () => invoicingAppOptions({ mail: { transport: createMailTransport({ outboxDir: outbox }) } });

describe.each(testDatabaseTargets())("'Émettre et envoyer' a draft invoice on $name (R-MAIL-09)", (target) => {
  let database: Database;
  let app: FastifyInstance;
  let siege: string;
  let clubId: number;

  const send = (token: string, options: InjectOptions, on = app) =>
    on.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });
  const draftFor = async (structureId: number, more: object = {}) => {
    const response = await send(siege, {
      method: 'POST',
      url: DRAFTS_URL,
      payload: stageDraftBody(structureId, STAGE, more),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as DraftView;
  };
  const issue = (draft: DraftView, payload: object, token = siege, on = app) =>
    send(token, { method: 'POST', url: draftIssueUrl(draft.id), payload: { version: draft.version, ...payload } }, on);
  /** 'Émettre et envoyer' answered 201: the invoice issued now, numbered (R-FACT-01). */
  const issuedAndSent = async (draft: DraftView) => {
    const response = await issue(draft, { envoyer: true });
    expect(response.statusCode, response.body).toBe(201);
    const issued = response.json() as IssuedInvoiceView;
    expect(issued.numero).toBe(`2027-FFME-${issued.fluxId}`);
    return issued;
  };
  const deliveries = async (fluxId: number) =>
    database.query<{ id: number; to: string; subject: string; key: string }>(
      `SELECT id, "Destinataire" AS to, "Objet" AS subject, "CleDemande" AS key
         FROM "MEL_Envoi" WHERE "TypeDocument" = 'facture' AND "ID_FluxFinancier" = $1 ORDER BY id`,
      [fluxId],
    );
  const fluxCount = async () =>
    (await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM "MKP_FluxFinancier"`))[0]!.n;

  beforeAll(async () => {
    ({ database, app, siege, clubId } = await openSeededApp(target, appOptions()));
    await database.query(`UPDATE "STR_Structure" SET "CT_EmailFacturation" = $2 WHERE id = $1`, [clubId, BILLING]);
  });
  afterAll(() => closeSeededApp({ app, database }));

  it('R-MAIL-09, R-MAIL-03: issued and its facture queued once; the same request again answers the same delivery', async () => {
    const draft = await draftFor(clubId);
    const issued = await issuedAndSent(draft);
    expect(issued.envoiEmail).toMatchObject({
      nouveau: true,
      envoi: {
        typeDocument: 'facture',
        documentId: issued.fluxId,
        destinataire: BILLING,
        objet: `Facture n° ${issued.numero}`,
      },
    });
    const queued = await deliveries(issued.fluxId);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.id).toBe(issued.envoiEmail!.envoi!.id);
    const audit = await database.query(
      `SELECT 1 FROM "APP_AuditLog" WHERE "Action" = 'envoi_email_demande' AND "ID_Cible" = $1`,
      [queued[0]!.id],
    );
    expect(audit).toHaveLength(1);
    const flux = await fluxCount();

    // The answer lost, the same request sent again: the same invoice and delivery, nothing more.
    const retried = await issue(draft, { envoyer: true });
    expect(retried.statusCode, retried.body).toBe(200);
    const again = retried.json() as IssuedInvoiceView;
    expect(again).toMatchObject({ fluxId: issued.fluxId, numero: issued.numero, totalCentimes: 9_000 });
    expect(again.envoiEmail).toMatchObject({ nouveau: false, envoi: { id: queued[0]!.id } });
    expect(await deliveries(issued.fluxId)).toHaveLength(1);
    expect(await fluxCount()).toBe(flux);
    // 'Émettre' alone on the issued draft is still refused (R-INV-06).
    const plain = await issue(draft, {});
    expect(plain.statusCode, plain.body).toBe(409);
    expect(plain.json().message).toBe(INVOICING_MESSAGES.issued);
  });

  it('R-MAIL-09, R-FACT-10: a direct-debit invoice is sent as its SEPA pre-notification', async () => {
    const [withMandate] = await database.query<{ id: number }>(
      `SELECT s.id FROM "STR_Structure" s
        WHERE s."ID_Federation" = $1 AND s.id <> $1 AND NOT s."EST_Bloquee" AND s."ID_Adresse" IS NOT NULL
          AND EXISTS (SELECT 1 FROM "STR_StructureRib" r WHERE r."ID_Structure" = s.id
                         AND coalesce(r."MandatRUM", '') <> '' AND r."MandatDateSignature" IS NOT NULL)
        ORDER BY s.id LIMIT 1`,
      [HEAD_OFFICE_STRUCTURE_ID],
    );
    await database.query(`UPDATE "STR_Structure" SET "CT_EmailFacturation" = $2 WHERE id = $1`, [
      withMandate!.id,
      'compta@prelevement.test',
    ]);
    const draft = await draftFor(withMandate!.id, { categorie: 5 });
    const issued = await issuedAndSent(draft);
    const [queued] = await deliveries(issued.fluxId);
    expect(queued).toMatchObject({
      to: 'compta@prelevement.test',
      subject: `Facture n° ${issued.numero} — pré-notification de prélèvement SEPA`,
    });
  });

  it('R-MAIL-09, R-MAIL-01: a structure without an address has its invoice issued, not sent, with the reason', async () => {
    const draft = await draftFor(clubId);
    const [before] = await database.query<{ correspondent: number | null }>(
      `SELECT "ID_Correspondant" AS correspondent FROM "STR_Structure" WHERE id = $1`,
      [clubId],
    );
    await database.query(
      `UPDATE "STR_Structure" SET "ID_Correspondant" = NULL, "CT_EmailFacturation" = NULL WHERE id = $1`,
      [clubId],
    );
    try {
      const issued = await issuedAndSent(draft);
      expect(issued.envoiEmail).toEqual({
        envoi: null,
        structure: draft.structure,
        raison: MAIL_NO_ADDRESS.noCorrespondent,
      });
      expect(await deliveries(issued.fluxId)).toEqual([]);
      const read = await send(siege, { method: 'GET', url: draftUrl(draft.id) });
      expect((read.json() as DraftView).fluxId).toBe(issued.fluxId);
    } finally {
      await database.query(
        `UPDATE "STR_Structure" SET "ID_Correspondant" = $2, "CT_EmailFacturation" = $3 WHERE id = $1`,
        [clubId, before!.correspondent, BILLING],
      );
    }
  });

  it('R-MAIL-09, R-MAIL-05: without the send grant, refused before anything is issued', async () => {
    const draft = await draftFor(clubId);
    const grant = `"SlugModule" = 'gestion_des_finances__flux_financiers' AND "Action" = 'ecriture'
        AND "ID_Role" = (SELECT id FROM "FEDE_Role" WHERE "SlugRole" = 'administrateur_si')`;
    const changed = await database.query<{ id: number }>(
      `UPDATE "FEDE_RoleModule" SET "EST_Acces" = false WHERE ${grant} AND "EST_Acces" RETURNING id`,
    );
    expect(changed.length).toBeGreaterThan(0);
    // A second app: the first keeps the roles it read for 30 s.
    const other = await buildTestApp(database, appOptions());
    try {
      const token = await loginAs(other, 'siege@demo.fr');
      const flux = await fluxCount();
      const refused = await issue(draft, { envoyer: true }, token, other);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(await fluxCount()).toBe(flux);
      const read = await send(token, { method: 'GET', url: draftUrl(draft.id) }, other);
      expect(read.json()).toMatchObject({ fluxId: null, version: draft.version });
    } finally {
      await other.close();
      await database.query(`UPDATE "FEDE_RoleModule" SET "EST_Acces" = true WHERE id = ANY($1::int[])`, [
        changed.map((row) => row.id),
      ]);
    }
  });
});
