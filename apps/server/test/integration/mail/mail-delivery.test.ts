import {
  billingEmailUrl,
  documentMailLogUrl,
  FLUX_WRITE,
  IMPAYES_PATH,
  MAIL_BATCH_URL,
  MAIL_NO_ADDRESS,
  MAIL_SEND_URL,
  mailResendUrl,
  REMINDERS_PATH,
  structureMailLogUrl,
  type BillingEmailAnswer,
  type MailBatchResult,
  type MailDeliveryAnswer,
  type MailLogAnswer,
  type OverdueRow,
} from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { createMailTransport } from '../../../src/modules/mail/mail-transport';
import { jobEnded, until } from '../jobs/job-kinds-support';
import { bearer } from '../rest/rest-context';
import { testDatabaseTargets } from '../support/databases';
import { startSmtpTestServer, type SmtpTestServer } from '../support/smtp-test-server';
import { closeSeededApp, openSeededApp } from '../support/seeded-app';
import { TEST_JOBS } from '../support/test-app';

/**
 * E-mail delivery of issued documents against a real SMTP server (smtp-server, read back with
 * mailparser): the attachments are the stored bytes, one click is one message, a server that
 * disappears and comes back receives each message once, a refusal ends 'echec' with its answer
 * after the last try, and only the holders of the document's write grant in scope send it.
 */
describe.each(testDatabaseTargets())('e-mail delivery on $name (R-MAIL-01 to R-MAIL-08)', (target) => {
  let smtp: SmtpTestServer;
  let database: Database;
  let app: FastifyInstance;
  let siege: string;
  let club: string;
  let ligue: string;
  let clubId: number;
  let otherClubId: number;
  let clubFlux: number[];
  let otherFlux: number;
  const RETRY_LIMIT = 3;

  const post = (token: string, url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const send = (token: string, type: string, id: number, cle: string = randomUUID()) =>
    post(token, MAIL_SEND_URL, { type, id, cle });
  const sent = (response: { statusCode: number; body: string; json(): unknown }) => {
    expect([200, 202], response.body).toContain(response.statusCode);
    return (response.json() as MailDeliveryAnswer).envoi;
  };
  const row = async (id: number) =>
    (
      await database.query<{ statut: string; tentatives: number; idMessage: string | null; reponse: string | null }>(
        `SELECT "Statut" AS statut, "Tentatives" AS tentatives, "IdMessageSmtp" AS "idMessage", "ReponseServeur" AS reponse
           FROM "MEL_Envoi" WHERE id = $1`,
        [id],
      )
    )[0]!;
  const settled = (id: number, statut = 'envoye') =>
    until(
      () => row(id),
      (value) => value.statut !== 'en_attente',
      `envoi ${id}`,
    ).then((value) => {
      expect(value.statut, value.reponse ?? '').toBe(statut);
      return value;
    });
  const storedSha = async (fluxId: number, type: string) =>
    (
      await database.query<{ sha: string }>(
        `SELECT "Sha256" AS sha FROM "MKP_DocumentEmis" WHERE "ID_FluxFinancier" = $1 AND "Type" = $2`,
        [fluxId, type],
      )
    )[0]?.sha;
  /** A relevé de compte issued now for the structure (by the head office): its id and its PDF's SHA-256. */
  const issueStatement = async (structureId: number) => {
    const issued = await app.inject({
      method: 'GET',
      url: `/api/structures/${structureId}/releve-de-compte?format=pdf`,
      headers: bearer(siege),
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const [statement] = await database.query<{ id: number; sha: string }>(
      `SELECT id, "Sha256Pdf" AS sha FROM "MKP_ReleveCompteEmis" WHERE "ID_Structure" = $1 ORDER BY id DESC LIMIT 1`,
      [structureId],
    );
    return statement!;
  };
  const setBillingEmail = (token: string, structureId: number, email: string | null) =>
    app.inject({ method: 'PATCH', url: billingEmailUrl(structureId), headers: bearer(token), payload: { email } });

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    ({ database, app, siege, club, ligue, clubId } = await openSeededApp(target, {
      jobs: { ...TEST_JOBS, waitMs: 0, startWorkers: true },
      mail: {
        transport: createMailTransport({ smtpUrl: smtp.url, outboxDir: '/nonexistent', timeoutMs: 10_000 }),
        from: 'Trésorerie FFME <compta@ffme.test>',
        retryLimit: RETRY_LIMIT,
        retryDelaySeconds: 1,
      },
    }));
    const flux = await database.query<{ id: number; structure: number }>(
      `SELECT f.id, f."ID_Structure" AS structure FROM "MKP_FluxFinancier" f
        WHERE f."EST_Debit" AND f."ID_CategoryFlux" = 4 AND f."ID_FluxFinancierRelance" IS NULL
          AND NOT EXISTS (SELECT 1 FROM "MKP_FluxFinancier" o WHERE o."ID_FluxFinancierRelance" = f.id)
        ORDER BY f.id`,
    );
    clubFlux = flux.filter((f) => f.structure === clubId).map((f) => f.id);
    expect(clubFlux.length).toBeGreaterThanOrEqual(6);
    const other = flux.find((f) => f.structure !== clubId)!;
    otherClubId = other.structure;
    otherFlux = other.id;
    expect((await setBillingEmail(siege, clubId, 'tresorerie@club.test')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await closeSeededApp({ app, database });
    await smtp?.close();
  });

  it('R-MAIL-02, R-MAIL-04: an invoice arrives with its stored PDF and Factur-X XML byte for byte, under its fixed Message-ID', async () => {
    const before = smtp.received.length;
    const answer = await send(siege, 'facture', clubFlux[0]!);
    expect(answer.statusCode, answer.body).toBe(202);
    const envoi = sent(answer);
    expect(envoi).toMatchObject({
      statut: 'en_attente',
      destinataire: 'tresorerie@club.test',
      typeDocument: 'facture',
    });
    const done = await settled(envoi.id);
    await smtp.waitForCount(before + 1);
    const [mail] = smtp.received.filter((m) => m.messageId === done.idMessage);
    expect(mail, 'message reçu sous son Message-ID').toBeDefined();
    expect(mail!.to).toContain('tresorerie@club.test');
    expect(mail!.subject).toBe(envoi.objet);
    expect(mail!.subject).toMatch(/^Facture n° \d{4}-FFME-\d+$/);
    expect(mail!.parsed.text).toContain('Factur-X');
    const pdf = mail!.attachments.find((a) => a.contentType === 'application/pdf')!;
    expect(pdf.sha256).toBe(await storedSha(clubFlux[0]!, 'facture'));
    const xml = mail!.attachments.find((a) => a.contentType === 'text/xml');
    const storedXml = await storedSha(clubFlux[0]!, 'facture_xml');
    if (storedXml) expect(xml?.sha256).toBe(storedXml);
    expect(done.idMessage).toMatch(/^<envoi-\d+\.[0-9a-f]{16}@ffme\.test>$/);
    expect(done.tentatives).toBe(1);
    const log = (
      await app.inject({ method: 'GET', url: documentMailLogUrl('facture', clubFlux[0]!), headers: bearer(siege) })
    ).json() as MailLogAnswer;
    expect(log.envois[0]).toMatchObject({ id: envoi.id, statut: 'envoye', idMessage: done.idMessage });
    const [audit] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "APP_AuditLog" WHERE "Action" = 'envoi_email_demande' AND "ID_Cible" = $1`,
      [envoi.id],
    );
    expect(audit!.n).toBe(1);
  });

  it('R-MAIL-02: a relevé de compte and a reminder letter arrive with their stored PDF', async () => {
    const statement = await issueStatement(clubId);
    const list = await app.inject({ method: 'GET', url: IMPAYES_PATH, headers: bearer(siege) });
    const overdue = (list.json() as { rows: OverdueRow[] }).rows.find((r) => r.structure.id === clubId)!;
    expect(overdue).toBeDefined();
    const letter = await post(siege, REMINDERS_PATH, { structureIds: [clubId] });
    expect(letter.statusCode, letter.body).toBe(201);
    const [reminder] = await database.query<{ id: number; sha: string }>(
      `SELECT id, "Sha256" AS sha FROM "MKP_Relance" WHERE "ID_Structure" = $1 ORDER BY id DESC LIMIT 1`,
      [clubId],
    );
    for (const [type, id, sha, subject] of [
      ['releve', statement.id, statement.sha, /^Relevé de compte n° /],
      ['relance', reminder!.id, reminder!.sha, /restant dus$/],
    ] as const) {
      const envoi = sent(await send(siege, type, id));
      const done = await settled(envoi.id);
      await until(
        async () => smtp.received.filter((m) => m.messageId === done.idMessage).length,
        (n) => n === 1,
        `message ${type}`,
      );
      const mail = smtp.received.find((m) => m.messageId === done.idMessage)!;
      expect(mail.subject).toMatch(subject);
      expect(mail.attachments.map((a) => a.sha256)).toEqual([sha]);
    }
  });

  it('R-MAIL-03, R-MAIL-04: SMTP server down then back: 10 clicks (one key, or one document) are one message, each delivered once', async () => {
    await smtp.stop();
    const before = smtp.received.length;
    const sameKey = randomUUID();
    const oneKey = await Promise.all(Array.from({ length: 10 }, () => send(siege, 'facture', clubFlux[1]!, sameKey)));
    const oneDocument = await Promise.all(Array.from({ length: 10 }, () => send(siege, 'facture', clubFlux[2]!)));
    const single = [sent(await send(siege, 'facture', clubFlux[3]!)), sent(await send(siege, 'facture', clubFlux[4]!))];
    const keyIds = new Set(oneKey.map((r) => sent(r).id));
    const documentIds = new Set(oneDocument.map((r) => sent(r).id));
    expect(keyIds.size).toBe(1);
    expect(documentIds.size).toBe(1);
    expect(oneKey.filter((r) => r.statusCode === 202)).toHaveLength(1);
    expect(oneDocument.filter((r) => r.statusCode === 202)).toHaveLength(1);
    const ids = [...keyIds, ...documentIds, ...single.map((e) => e.id)];
    // Every delivery tried once against the closed port and still queued, with why.
    const tried = await until(
      () => Promise.all(ids.map(row)),
      (rows) => rows.every((r) => r.tentatives >= 1),
      'premiers essais',
    );
    for (const r of tried) {
      expect(r.statut).toBe('en_attente');
      // A short status: the server's address and the system's error stay in the server's log.
      expect(r.reponse).toBe('Serveur de messagerie injoignable');
    }
    await smtp.start();
    const done = await Promise.all(ids.map((id) => settled(id)));
    await smtp.waitForCount(before + 4);
    // Nothing else arrives: each message once, under its own Message-ID.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const arrived = smtp.received.slice(before).map((m) => m.messageId);
    expect(arrived.sort()).toEqual(done.map((d) => d.idMessage).sort());
    const [rows] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "MEL_Envoi" WHERE "ID_FluxFinancier" = ANY($1::int[])`,
      [[clubFlux[1], clubFlux[2], clubFlux[3], clubFlux[4]]],
    );
    expect(rows!.n).toBe(4);
  });

  it('R-MAIL-04: a refusing server leaves the delivery queued while retrying, then "echec" with its answer after the last try', async () => {
    expect((await setBillingEmail(siege, otherClubId, 'refus@autre-club.test')).statusCode).toBe(200);
    const envoi = sent(await send(siege, 'facture', otherFlux));
    const failed = await settled(envoi.id, 'echec');
    expect(failed.tentatives).toBe(RETRY_LIMIT + 1);
    expect(failed.reponse).toMatch(/550/);
    expect(smtp.to('refus@autre-club.test')).toHaveLength(0);
    const log = (
      await app.inject({ method: 'GET', url: structureMailLogUrl(otherClubId), headers: bearer(siege) })
    ).json() as MailLogAnswer;
    expect(log.envois[0]).toMatchObject({ id: envoi.id, statut: 'echec' });
    expect(log.envois[0]!.reponseServeur).toMatch(/550/);
  });

  it('R-MAIL-04: "Renvoyer" sends a new delivery naming the one it repeats and who asked', async () => {
    const first = sent(await send(siege, 'facture', clubFlux[5]!));
    await settled(first.id);
    const cle = randomUUID();
    const again = await post(siege, mailResendUrl(first.id), { cle });
    expect(again.statusCode, again.body).toBe(202);
    const resent = sent(again);
    expect(resent.renvoiDe).toBe(first.id);
    expect(resent.demandePar).toMatch(/\S+ \S+/);
    const done = await settled(resent.id);
    expect(done.idMessage).not.toBe((await row(first.id)).idMessage);
    // The same click again: the same delivery.
    const twice = await post(siege, mailResendUrl(first.id), { cle });
    expect(twice.statusCode).toBe(200);
    expect(sent(twice).id).toBe(resent.id);
  });

  it('R-MAIL-08, R-MAIL-01: a batch is one job; a structure without an address is listed with its reason', async () => {
    const [third] = await database.query<{ id: number; flux: number }>(
      `SELECT s.id, min(f.id)::int AS flux FROM "STR_Structure" s JOIN "MKP_FluxFinancier" f ON f."ID_Structure" = s.id
        WHERE s.id NOT IN ($1, $2) AND f."EST_Debit" GROUP BY s.id ORDER BY s.id LIMIT 1`,
      [clubId, otherClubId],
    );
    await database.query(
      `UPDATE "STR_Structure" SET "ID_Correspondant" = NULL, "CT_EmailFacturation" = NULL WHERE id = $1`,
      [third!.id],
    );
    const billing = (
      await app.inject({ method: 'GET', url: billingEmailUrl(third!.id), headers: bearer(siege) })
    ).json() as BillingEmailAnswer;
    expect(billing.destinataire).toEqual({ address: null, reason: MAIL_NO_ADDRESS.noCorrespondent });
    const cle = randomUUID();
    const payload = {
      cle,
      documents: [
        { type: 'facture', id: clubFlux[0]! },
        { type: 'facture', id: third!.flux },
      ],
    };
    const answer = await post(siege, MAIL_BATCH_URL, payload);
    expect(answer.statusCode, answer.body).toBe(202);
    const body = answer.json() as {
      traitement: { id: number };
      sansAdresse: Array<{ structureId: number; raison: string }>;
    };
    expect(body.sansAdresse).toEqual([
      expect.objectContaining({ structureId: third!.id, raison: MAIL_NO_ADDRESS.noCorrespondent }),
    ]);
    const job = await jobEnded(app, siege, body.traitement.id);
    expect(job.statut, job.erreur ?? '').toBe('termine');
    const result = job.resultat as unknown as MailBatchResult;
    expect(result.envoyes).toBe(1);
    expect(result.sansAdresse).toHaveLength(1);
    // The same batch asked again: the same job, nothing queued twice.
    const again = await post(siege, MAIL_BATCH_URL, payload);
    expect(again.statusCode).toBe(200);
    expect((again.json() as { traitement: { id: number } }).traitement.id).toBe(body.traitement.id);
    // One document alone: refused with the reason, nothing queued.
    const refused = await send(siege, 'facture', third!.flux);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(MAIL_NO_ADDRESS.noCorrespondent);
  });

  it('R-MAIL-08: "Émettre et envoyer": the letters one request issues are e-mailed as one job', async () => {
    const answer = await post(siege, REMINDERS_PATH, { structureIds: [clubId], envoyer: true });
    expect(answer.statusCode, answer.body).toBe(201);
    const body = answer.json() as {
      relances: Array<{ id: number; sha256: string }>;
      envoi: { traitement: { id: number }; sansAdresse: unknown[] };
    };
    expect(body.envoi.sansAdresse).toEqual([]);
    const job = await jobEnded(app, siege, body.envoi.traitement.id);
    expect(job.statut, job.erreur ?? '').toBe('termine');
    const [delivery] = await database.query<{ id: number }>(`SELECT id FROM "MEL_Envoi" WHERE "ID_Relance" = $1`, [
      body.relances[0]!.id,
    ]);
    const done = await settled(delivery!.id);
    await until(
      async () => smtp.received.filter((m) => m.messageId === done.idMessage).length,
      (n) => n === 1,
      'lettre envoyée',
    );
    const mail = smtp.received.find((m) => m.messageId === done.idMessage)!;
    expect(mail.attachments.map((a) => a.sha256)).toEqual([body.relances[0]!.sha256]);
  });

  it('R-MAIL-03, R-MAIL-08: batch keys are each user’s own: a club cannot pre-empt the head office’s letters nor read its job', async () => {
    const statement = await issueStatement(clubId);
    const own = [{ type: 'releve', id: statement.id }];
    // The key the next 'Émettre et envoyer' of one letter used to build, registered first by the club.
    const [{ next }] = (await database.query<{ next: number }>(
      `SELECT COALESCE(max(id), 0)::int + 1 AS next FROM "MKP_Relance"`,
    )) as [{ next: number }];
    for (const guess of [next, next + 1]) {
      const squat = await post(club, MAIL_BATCH_URL, { cle: `relances-${guess}-${guess}-1`, documents: own });
      expect(squat.statusCode, squat.body).toBe(202);
    }
    const letter = await post(siege, REMINDERS_PATH, { structureIds: [clubId], envoyer: true });
    expect(letter.statusCode, letter.body).toBe(201);
    const body = letter.json() as { relances: Array<{ id: number }>; envoi: { traitement: { id: number } } };
    const job = await jobEnded(app, siege, body.envoi.traitement.id);
    expect(job.statut, job.erreur ?? '').toBe('termine');
    const [delivery] = await database.query<{ id: number }>(`SELECT id FROM "MEL_Envoi" WHERE "ID_Relance" = $1`, [
      body.relances[0]!.id,
    ]);
    expect(delivery, 'la lettre du siège part par e-mail').toBeDefined();
    await settled(delivery!.id);
    // The head office's batch key asked by the club: the club's own job, never the head office's.
    const cle = randomUUID();
    const mine = await post(siege, MAIL_BATCH_URL, { cle, documents: own });
    expect(mine.statusCode, mine.body).toBe(202);
    const theirs = await post(club, MAIL_BATCH_URL, { cle, documents: own });
    expect(theirs.statusCode, theirs.body).toBe(202);
    const siegeJob = (mine.json() as { traitement: { id: number } }).traitement.id;
    expect((theirs.json() as { traitement: { id: number } }).traitement.id).not.toBe(siegeJob);
    // The same key with other documents: refused, nothing of the first job shown.
    const other = await post(siege, MAIL_BATCH_URL, { cle, documents: [{ type: 'facture', id: clubFlux[0]! }] });
    expect(other.statusCode, other.body).toBe(409);
    expect(other.body).not.toContain(String(siegeJob));
  });

  it('R-MAIL-03: two identical batch requests at once answer with one job, never a 500', async () => {
    const payload = { cle: randomUUID(), documents: [{ type: 'facture', id: clubFlux[5]! }] };
    const answers = await Promise.all([post(siege, MAIL_BATCH_URL, payload), post(siege, MAIL_BATCH_URL, payload)]);
    for (const answer of answers) expect([200, 202], answer.body).toContain(answer.statusCode);
    const ids = answers.map((a) => (a.json() as { traitement: { id: number } }).traitement.id);
    expect(ids[0]).toBe(ids[1]);
  });

  it('R-MAIL-03: a delivery key is each user’s own: another user’s key is no 409 oracle', async () => {
    const cle = randomUUID();
    expect((await send(siege, 'facture', clubFlux[0]!, cle)).statusCode).toBe(202);
    const [{ id: statementId }] = (await database.query<{ id: number }>(
      `SELECT id FROM "MKP_ReleveCompteEmis" WHERE "ID_Structure" = $1 ORDER BY id DESC LIMIT 1`,
      [clubId],
    )) as [{ id: number }];
    // Queued now (202) or queued already by the head office (200, R-MAIL-03): never the other key's 409.
    const reused = await send(club, 'releve', statementId, cle);
    expect([200, 202], reused.body).toContain(reused.statusCode);
  });

  it('R-MAIL-05: a club reading its own deliveries sees status and dates, not the server’s answer nor who asked', async () => {
    const read = async (token: string) => {
      const answer = await app.inject({ method: 'GET', url: structureMailLogUrl(clubId), headers: bearer(token) });
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json() as MailLogAnswer).envois.filter((e) => e.typeDocument !== 'releve');
    };
    const asSiege = await read(siege);
    expect(asSiege.some((e) => e.reponseServeur !== null && e.demandePar !== null)).toBe(true);
    for (const e of asSiege) expect(e.reponseServeur ?? '').not.toMatch(/ECONNREFUSED|\d+\.\d+\.\d+\.\d+|\//);
    const asClub = await read(club);
    // The same deliveries (their status may move between the two reads: a job may be sending one).
    expect(asClub.map((e) => e.id)).toEqual(asSiege.map((e) => e.id));
    for (const e of asClub) expect([e.reponseServeur, e.demandePar]).toEqual([null, null]);
  });

  it('R-MAIL-05: a send grant revoked before the job sends ends the delivery "echec" with why, nothing sent', async () => {
    await smtp.stop();
    const before = smtp.received.length;
    const envoi = sent(await send(siege, 'facture', clubFlux[3]!));
    await until(
      () => row(envoi.id),
      (value) => value.tentatives >= 1,
      'premier essai',
    );
    const revoke = (access: boolean) =>
      database.query(
        `UPDATE "FEDE_RoleModule" rm SET "EST_Acces" = $2
           FROM "STR_StructureUtilisateur" m JOIN "UTI_Login" l ON l."ID_Utilisateur" = m."ID_Utilisateur"
          WHERE rm."ID_Role" = m."ID_Role" AND l."Email" = 'siege@demo.fr'
            AND rm."SlugModule" || ':' || rm."Action" = $1`,
        [FLUX_WRITE, access],
      );
    await revoke(false);
    try {
      await smtp.start();
      const failed = await settled(envoi.id, 'echec');
      expect(failed.reponse).toBe(
        'Non envoyé : le droit d’envoyer ce document a été retiré à la personne qui l’a demandé.',
      );
      // Other deliveries still retrying may arrive meanwhile: this document's message does not.
      expect(smtp.received.slice(before).filter((m) => m.subject === envoi.objet)).toEqual([]);
    } finally {
      await revoke(true);
    }
  });

  it('R-MAIL-05: only the document’s write grant, in scope, sends it; nothing is queued on a refusal', async () => {
    const [{ n: before }] = (await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM "MEL_Envoi"`)) as [
      { n: number },
    ];
    // A club reads its invoices but does not write flux: read-only for sending them.
    expect((await send(club, 'facture', clubFlux[0]!)).statusCode).toBe(403);
    expect((await send(ligue, 'facture', clubFlux[0]!)).statusCode).toBe(403);
    // Another club's relevé, or its delivery, is not found for a club (its own relevé it may send: R-MAIL-05).
    const statement = await issueStatement(otherClubId);
    expect((await send(club, 'releve', statement.id)).statusCode).toBe(404);
    expect((await send(club, 'relance', 2_000_000_000)).statusCode).toBe(403);
    const [delivery] = await database.query<{ id: number }>(
      `SELECT id FROM "MEL_Envoi" WHERE "ID_Structure" = $1 ORDER BY id LIMIT 1`,
      [otherClubId],
    );
    expect((await post(club, mailResendUrl(delivery!.id), { cle: randomUUID() })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: structureMailLogUrl(otherClubId), headers: bearer(club) })).statusCode,
    ).toBe(404);
    const [{ n: after }] = (await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM "MEL_Envoi"`)) as [
      { n: number },
    ];
    expect(after).toBe(before);
  });

  it('R-MAIL-07: the billing address is checked, written with its audit row, and only by the settings’ write grant', async () => {
    expect((await setBillingEmail(club, clubId, 'moi@club.test')).statusCode).toBe(403);
    for (const bad of ['a@b.fr\r\nBcc: x@y.fr', 'a@b.fr, c@d.fr', 'pas-une-adresse', 42])
      expect((await setBillingEmail(siege, clubId, bad as string)).statusCode).toBe(400);
    const changed = await setBillingEmail(siege, clubId, 'compta@club.test');
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as BillingEmailAnswer).destinataire).toEqual({
      address: 'compta@club.test',
      source: 'facturation',
    });
    const [audit] = await database.query<{ details: { avant: string; apres: string } }>(
      `SELECT "Details" AS details FROM "APP_AuditLog" WHERE "Action" = 'email_facturation' AND "ID_Cible" = $1
        ORDER BY id DESC LIMIT 1`,
      [clubId],
    );
    expect(audit!.details).toEqual({ avant: 'tresorerie@club.test', apres: 'compta@club.test' });
    const cleared = (await setBillingEmail(siege, clubId, null)).json() as BillingEmailAnswer;
    expect(cleared.emailFacturation).toBeNull();
    expect(cleared.destinataire).toMatchObject({ source: 'correspondant' });
    // The club reads whom its documents go to, and may not change it.
    const own = (
      await app.inject({ method: 'GET', url: billingEmailUrl(clubId), headers: bearer(club) })
    ).json() as BillingEmailAnswer;
    expect(own.modifiable).toBe(false);
  });

  it('R-MAIL-01, R-MAIL-07: a stored billing address naming several recipients is refused when used, nothing queued', async () => {
    await database.query(`UPDATE "STR_Structure" SET "CT_EmailFacturation" = $2 WHERE id = $1`, [
      clubId,
      'compta@club.test, autre@ailleurs.test',
    ]);
    try {
      const refused = await send(siege, 'facture', clubFlux[0]!);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toContain(MAIL_NO_ADDRESS.invalidBillingEmail);
    } finally {
      await database.query(`UPDATE "STR_Structure" SET "CT_EmailFacturation" = NULL WHERE id = $1`, [clubId]);
    }
  });
});
