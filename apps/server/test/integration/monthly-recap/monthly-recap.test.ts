import { RECAP_BATCH_URL, type RecapIssueAnswer, type RecapListAnswer } from '@gdf/domain';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { testDatabaseTargets } from '../support/databases';
import { closeSeededApp, openSeededApp } from '../support/seeded-app';
import { oneId } from '../documents/document-fixtures';
import { pdfText, pdfXmp } from '../documents/pdf-tools';
import { readZip } from '../documents/zip-tools';

const MONTH = '2026-10';
const recapsUrl = (structureId: number) => `/api/structures/${structureId}/recapitulatifs`;
const fileUrl = (id: number, format: 'pdf' | 'xlsx') => `/api/recapitulatifs/${id}?format=${format}`;

/**
 * R-RECAP-01..08: a structure's 'Récapitulatif mensuel' through the product: issued on demand
 * once per month (201, then 200 with the same), PDF/A and xlsx served again byte for byte,
 * frozen, audited, scoped, its reste dû the relevé de compte's closing balance at the month's end.
 */
describe.each(testDatabaseTargets())('the Récapitulatif mensuel on $name (R-RECAP-01..08)', (target) => {
  let database: Database, app: FastifyInstance, clubId: number, ligueId: number;
  let siege: string, club: string, ligue: string;

  const send = (token: string, options: InjectOptions) =>
    app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
  const get = (token: string, url: string) => send(token, { method: 'GET', url });
  const issue = (token: string, structureId: number, mois: unknown) =>
    send(token, { method: 'POST', url: recapsUrl(structureId), payload: { mois } as object });
  const auditCount = (action: string, targetId: number) =>
    oneId(
      database,
      `SELECT count(*)::int AS id FROM "APP_AuditLog" WHERE "Action" = $1 AND "TableCible" = 'RM_RecapitulatifMensuelEmis' AND "ID_Cible" = $2`,
      [action, targetId],
    );

  beforeAll(async () => {
    ({ database, app, siege, club, ligue, clubId } = await openSeededApp(target));
    const me = await get(ligue, '/api/me');
    ligueId = me.json<{ memberships: Array<{ structureId: number }> }>().memberships[0]!.structureId;
  }, 120_000);
  afterAll(() => closeSeededApp({ app, database }));

  it('issues a past month’s recap once: 201, then 200 with the same; a club reads it but may not issue (R-RECAP-04, R-RECAP-08)', async () => {
    expect((await issue(club, clubId, MONTH)).statusCode).toBe(403);
    const first = await issue(siege, clubId, MONTH);
    expect(first.statusCode, first.body).toBe(201);
    const created = first.json<RecapIssueAnswer>();
    expect(created).toEqual({
      id: expect.any(Number),
      numero: `RM-2026-10-${String(created.id).padStart(6, '0')}`,
      mois: MONTH,
    });
    const again = await issue(siege, clubId, MONTH);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(created);
    expect(await auditCount('emission_recapitulatif_mensuel', created.id)).toBe(1);

    const list = await get(club, recapsUrl(clubId));
    expect(list.statusCode, list.body).toBe(200);
    const answer = list.json<RecapListAnswer>();
    expect(answer.abonnementEmail).toBe(false);
    expect(answer.recapitulatifs).toEqual([
      { ...created, emisLe: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), envoyeLe: null },
    ]);
  });

  it('a ligue’s Administrateur AT holds the write grant: it issues its own recap; the head office’s is out of its scope (R-RECAP-08)', async () => {
    const own = await issue(ligue, ligueId, '2026-08');
    expect(own.statusCode, own.body).toBe(201);
    expect((await issue(ligue, 1318, '2026-08')).statusCode).toBe(404);
  });

  it('serves its PDF/A and xlsx as issued, byte for byte, and the row is frozen', async () => {
    const id = await oneId(database, `SELECT id FROM "RM_RecapitulatifMensuelEmis" WHERE "ID_Structure" = $1`, [
      clubId,
    ]);
    const pdf = await get(club, fileUrl(id, 'pdf'));
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toMatch(/^inline; filename="recapitulatif-mensuel-/);
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      'Récapitulatif mensuel',
      'Mois : octobre 2026',
      'Total octobre',
      'Reste dû échu par ancienneté',
    ])
      expect(text).toContain(expected);
    expect(pdfXmp(pdf.rawPayload)).toContain('<pdfaid:part>3</pdfaid:part>');
    expect((await get(siege, fileUrl(id, 'pdf'))).rawPayload.equals(pdf.rawPayload)).toBe(true);

    const xlsx = await get(club, fileUrl(id, 'xlsx'));
    expect(xlsx.statusCode).toBe(200);
    expect(String(xlsx.headers['content-disposition'])).toMatch(/^attachment; filename="recapitulatif-mensuel-/);
    const sheet = readZip(xlsx.rawPayload).get('xl/worksheets/sheet1.xml')!.toString('utf8');
    for (const expected of ['Récapitulatif mensuel', 'Total facturé', 'Reste dû fin de mois'])
      expect(sheet).toContain(expected);
    expect((await get(club, fileUrl(id, 'xlsx'))).rawPayload.equals(xlsx.rawPayload)).toBe(true);
    expect(await auditCount('telechargement_recapitulatif_mensuel', id)).toBe(4);

    await expect(
      database.query(`UPDATE "RM_RecapitulatifMensuelEmis" SET "SoldeFinalCentimes" = 0 WHERE id = $1`, [id]),
    ).rejects.toThrow(/ne peut plus être modifié/);
    await expect(database.query(`DELETE FROM "RM_RecapitulatifMensuelEmis" WHERE id = $1`, [id])).rejects.toThrow(
      /ne peut plus être modifié/,
    );
  });

  it('states the relevé de compte’s closing balance at the month’s end as its reste dû (R-BAL-01, one money story)', async () => {
    const statement = await get(
      siege,
      `/api/structures/${clubId}/releve-de-compte?du=2026-10-01&au=2026-10-31&format=json`,
    );
    expect(statement.statusCode, statement.body).toBe(200);
    const [row] = await database.query<{ cents: string }>(
      `SELECT "SoldeFinalCentimes"::text AS cents FROM "RM_RecapitulatifMensuelEmis" WHERE "ID_Structure" = $1 AND "Empreinte" = $2`,
      [clubId, MONTH],
    );
    expect(Number(row!.cents)).toBe(statement.json<{ closingBalance: number }>().closingBalance);
  });

  it('keeps each structure to its own: another structure’s recap and list are not found', async () => {
    const id = await oneId(database, `SELECT id FROM "RM_RecapitulatifMensuelEmis" WHERE "ID_Structure" = $1`, [
      clubId,
    ]);
    expect((await get(ligue, fileUrl(id, 'pdf'))).statusCode).toBe(404);
    expect((await get(ligue, recapsUrl(clubId))).statusCode).toBe(404);
    expect((await issue(ligue, clubId, MONTH)).statusCode).toBe(404);
    const ligueRecap = await issue(ligue, ligueId, MONTH);
    expect(ligueRecap.statusCode, ligueRecap.body).toBe(201);
    expect((await get(club, fileUrl(ligueRecap.json<RecapIssueAnswer>().id, 'xlsx'))).statusCode).toBe(404);
    expect((await get(club, recapsUrl(ligueId))).statusCode).toBe(404);
  });

  it('refuses a malformed month, one not over, one before the data, in French, issuing nothing (R-RECAP-02)', async () => {
    const count = () => oneId(database, `SELECT count(*)::int AS id FROM "RM_RecapitulatifMensuelEmis"`);
    const before = await count();
    for (const [mois, message] of [
      ['2026-13', 'AAAA-MM'],
      ['octobre', 'AAAA-MM'],
      [202610, 'AAAA-MM'],
      ['2099-01', 'n’est pas terminé'],
      ['1990-01', 'les données commencent'],
    ] as const) {
      const response = await issue(siege, clubId, mois);
      expect(response.statusCode, String(mois)).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    expect(await count()).toBe(before);
  });

  it('sets the e-mail opt-in under the write grant, audited; a club may not (R-RECAP-07)', async () => {
    const put = (token: string, structureId: number, payload: unknown) =>
      send(token, { method: 'PUT', url: `${recapsUrl(structureId)}/abonnement`, payload: payload as object });
    expect((await put(club, clubId, { abonnementEmail: true })).statusCode).toBe(403);
    const on = await put(ligue, ligueId, { abonnementEmail: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ abonnementEmail: true });
    expect((await get(ligue, recapsUrl(ligueId))).json<RecapListAnswer>().abonnementEmail).toBe(true);
    expect((await put(ligue, clubId, { abonnementEmail: true })).statusCode).toBe(404);
    const audited = await oneId(
      database,
      `SELECT count(*)::int AS id FROM "APP_AuditLog" WHERE "Action" = 'abonnement_recapitulatif_mensuel' AND "ID_Cible" = $1`,
      [ligueId],
    );
    expect(audited).toBe(1);
  });

  it('the head office’s job issues a month’s recap for every structure exactly once, even run twice (R-RECAP-05)', async () => {
    expect((await send(club, { method: 'POST', url: RECAP_BATCH_URL, payload: { mois: '2026-09' } })).statusCode).toBe(
      403,
    );
    const structures = await oneId(database, `SELECT count(*)::int AS id FROM "STR_Structure"`);
    const count = () =>
      oneId(database, `SELECT count(*)::int AS id FROM "RM_RecapitulatifMensuelEmis" WHERE "Empreinte" = '2026-09'`);
    for (const run of [1, 2]) {
      const started = await send(siege, { method: 'POST', url: RECAP_BATCH_URL, payload: { mois: '2026-09' } });
      expect(started.statusCode, started.body).toBe(202);
      const jobId = started.json<{ traitement: { id: number } }>().traitement.id;
      const job = await until(
        () => jobStatus(jobId),
        (status) => status !== 'en_attente' && status !== 'en_cours',
      );
      expect(job, `run ${run}`).toBe('termine');
      expect(await count()).toBe(structures);
    }
  }, 600_000);

  async function jobStatus(id: number): Promise<string> {
    const [row] = await database.query<{ status: string }>(
      `SELECT "Statut" AS status FROM "APP_Traitement" WHERE id = $1`,
      [id],
    );
    return row!.status;
  }
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
