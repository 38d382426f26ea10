import {
  PAYOUTS_PATH,
  PAYOUTS_PREVIEW_PATH,
  SHARE_RULES_PATH,
  nextTargetDay,
  parisToday,
  addCalendarDays,
  structureSharesPath,
  type PayoutGenerated,
  type PayoutPreviewAnswer,
  type StructureSharesAnswer,
} from '@gdf/domain';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { testDatabaseTargets } from '../support/databases';
import { closeSeededApp, openSeededApp } from '../support/seeded-app';
import { insertFlux, oneId } from '../documents/document-fixtures';
import { demoLigueId, setClubLigue } from './payout-fixtures';
import { elements, validateAgainstXsd } from '../sepa/sepa-support';

/** Valid French IBANs (check digits right), for the payees the test pays. */
const LIGUE_IBAN = 'FR7630006000011234567890189';
const CLUB_IBAN = 'FR1420041010050500013M02606';

/**
 * R-PAY-05..08: the head office previews who is owed what, generates one pain.001 file that
 * its official XSD accepts, downloads it, cannot pay twice, cancels it and pays again; the
 * clubs' refunds ride in the same file; nobody else may do any of it.
 */
describe.each(testDatabaseTargets())('payouts by SEPA credit transfer on $name (R-PAY-05 to R-PAY-08)', (target) => {
  let database: Database, app: FastifyInstance, clubId: number;
  let siege: string, club: string, ligue: string;
  let ligueId: number, refundId: number, allocatedRefundId: number;
  const executionDay = nextTargetDay(addCalendarDays(parisToday(), 1));

  const send = (token: string, options: InjectOptions) =>
    app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
  const preview = async () => {
    const response = await send(siege, { method: 'GET', url: PAYOUTS_PREVIEW_PATH });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PayoutPreviewAnswer>();
  };
  const generate = (payload: object) => send(siege, { method: 'POST', url: PAYOUTS_PATH, payload });
  const addRib = (structureId: number, iban: string, holder: string) =>
    database.query(
      `INSERT INTO "STR_StructureRib" ("ID_Structure", "IBAN", "BIC", "Titulaire", "EST_Valide") VALUES ($1, $2, NULL, $3, TRUE)`,
      [structureId, iban, holder],
    );

  beforeAll(async () => {
    ({ database, app, siege, club, ligue, clubId } = await openSeededApp(target));
    const seasonId = await oneId(database, `SELECT id FROM "FEDE_Saison" WHERE "EST_SaisonCourante"`);
    ligueId = await demoLigueId(database);
    await setClubLigue(database, clubId, ligueId);
    await database.query(`UPDATE "STR_StructureRib" SET "EST_Valide" = FALSE WHERE "ID_Structure" IN ($1, $2)`, [
      ligueId,
      clubId,
    ]);
    await addRib(ligueId, LIGUE_IBAN, 'Ligue Démo & Fils <Région>');
    await addRib(clubId, CLUB_IBAN, 'Club Démo');
    const rule = { categorie: 1, niveau: 'ligue', mode: 'taux', valeur: 1_000, saisonDebut: seasonId };
    expect((await send(siege, { method: 'PUT', url: SHARE_RULES_PATH, payload: rule })).statusCode).toBe(200);
    const sale = await insertFlux(database, {
      name: 'Licence',
      categoryId: 1,
      structureId: clubId,
      seasonId,
      amount: '80.00',
    });
    await database.query(`UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = TRUE WHERE id = $1`, [sale]);
    refundId = await insertFlux(database, {
      name: 'Remboursement stage annulé',
      categoryId: 6,
      isDebit: false,
      structureId: clubId,
      seasonId,
      amount: '25.50',
    });
    allocatedRefundId = await insertFlux(database, {
      name: 'Remboursement imputé',
      categoryId: 6,
      isDebit: false,
      structureId: clubId,
      seasonId,
      amount: '5.00',
    });
    await database.query(`UPDATE "MKP_FluxFinancier" SET "ID_FluxFinancierDebit" = $2 WHERE id = $1`, [
      allocatedRefundId,
      sale,
    ]);
  }, 120_000);
  afterAll(() => closeSeededApp({ app, database }));

  it('R-PAY-08: nobody but the head office with the grant previews or generates', async () => {
    for (const token of [club, ligue]) {
      expect((await send(token, { method: 'GET', url: PAYOUTS_PREVIEW_PATH })).statusCode).toBe(403);
      expect(
        (await send(token, { method: 'POST', url: PAYOUTS_PATH, payload: { dateExecution: executionDay } })).statusCode,
      ).toBe(403);
      expect((await send(token, { method: 'GET', url: PAYOUTS_PATH })).statusCode).toBe(403);
    }
  });

  it('R-PAY-06: the preview lists what is due to each payee and those left out with their reason', async () => {
    const answer = await preview();
    const ligueRow = answer.payables.find((row) => row.structureId === ligueId);
    expect(ligueRow).toMatchObject({ niveau: 'ligue', verseCentimes: 0 });
    expect(ligueRow!.dueCentimes).toBe(ligueRow!.acquisCentimes);
    expect(ligueRow!.dueCentimes).toBeGreaterThanOrEqual(800);
    expect(answer.payables.find((row) => row.niveau === 'club')).toMatchObject({
      structureId: clubId,
      dueCentimes: 2_550,
      fluxIds: [refundId],
    });
    for (const row of answer.exclues) expect(row.exclusion?.motif).toMatch(/^[A-ZÉ]/);
    // A category-6 credit allocated to one of the club's debits lowers what it owes: never paid out too.
    expect(answer.payables.flatMap((row) => row.fluxIds ?? [])).not.toContain(allocatedRefundId);
    expect(answer.totalCentimes).toBe(answer.payables.reduce((total, row) => total + row.dueCentimes, 0));
  });

  it('R-PAY-05: refuses a day the bank does not execute, a past day and an unknown version', async () => {
    const saturday = [0, 1, 2, 3, 4, 5, 6]
      .map((n) => addCalendarDays(executionDay, n))
      .find((day) => new Date(`${day}T12:00:00Z`).getUTCDay() === 6)!;
    for (const payload of [
      { dateExecution: saturday },
      { dateExecution: addCalendarDays(parisToday(), -1) },
      { dateExecution: executionDay, version: 'pain.001.001.99' },
      { dateExecution: executionDay, structures: [] },
      { dateExecution: '2026-02-30' },
    ]) {
      const response = await generate(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message.length).toBeGreaterThan(10);
    }
  });

  it('R-PAY-07: a total confirmed in the preview that is no longer what is due generates nothing', async () => {
    const due = (await preview()).payables
      .filter((row) => row.structureId === ligueId || row.structureId === clubId)
      .reduce((total, row) => total + row.dueCentimes, 0);
    const moved = await generate({
      dateExecution: executionDay,
      structures: [ligueId, clubId],
      totalAttenduCentimes: due + 1,
    });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json<{ message: string }>().message).toMatch(/^Les montants dus ont changé depuis l’aperçu/);
    const files = await oneId(database, `SELECT count(*)::int AS id FROM "REV_VersementLigne"`);
    expect(files).toBe(0);
  });

  it('R-PAY-05, R-PAY-07: generates one file its XSD accepts, claims the refund, and never pays twice at once', async () => {
    const due = (await preview()).payables
      .filter((row) => row.structureId === ligueId || row.structureId === clubId)
      .reduce((total, row) => total + row.dueCentimes, 0);
    const chosen = { dateExecution: executionDay, structures: [ligueId, clubId], totalAttenduCentimes: due };
    const [first, second] = await Promise.all([generate(chosen), generate(chosen)]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses, `${first.body} ${second.body}`).toEqual([201, 409]);
    const batch = (first.statusCode === 201 ? first : second).json<PayoutGenerated>();
    expect(batch).toMatchObject({
      version: 'pain.001.001.09',
      dateExecution: executionDay,
      nbVirements: 2,
      annuleLe: null,
    });
    const file = await send(siege, { method: 'GET', url: `${PAYOUTS_PATH}/${batch.id}/fichier` });
    expect(file.statusCode).toBe(200);
    await validateAgainstXsd(file.body, 'pain.001.001.09');
    expect(elements(file.body, 'CtrlSum')[0]).toBe((batch.totalCentimes / 100).toFixed(2));
    // The holder's name as recorded with the RIB, in the EPC set ('&' is '+', '<>' are dropped; R-PAY-05).
    expect(file.body).toContain('<Nm>Ligue Demo + Fils Region</Nm>');
    expect(file.body).toContain(`<IBAN>${CLUB_IBAN}</IBAN>`);
    expect(
      await oneId(database, `SELECT "ID_Traitement" AS id FROM "MKP_FluxFinancier" WHERE id = $1`, [refundId]),
    ).toBe(batch.id);
    const after = await preview();
    expect(after.payables.find((row) => row.structureId === ligueId)).toBeUndefined();
    expect(after.exclues.find((row) => row.structureId === ligueId)?.exclusion?.code).toBe('rien_a_verser');
    expect((await generate(chosen)).statusCode).toBe(409);
    // The ligue's page: received on the file's execution day, nothing left to receive (R-PAY-03, R-PAY-07).
    const ligueTransfer = batch.totalCentimes - 2_550;
    const received = await send(ligue, {
      method: 'GET',
      url: `${structureSharesPath(ligueId)}?du=2000-01-01&au=${executionDay}`,
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json<StructureSharesAnswer>()).toMatchObject({
      recuCentimes: ligueTransfer,
      cumulRecuCentimes: ligueTransfer,
    });
    expect(received.json<StructureSharesAnswer>().cumulCentimes).toBe(ligueTransfer);
    const audit = await oneId(
      database,
      `SELECT count(*)::int AS id FROM "APP_AuditLog" WHERE "Action" = 'virement_sepa.generation' AND "ID_Cible" = $1`,
      [batch.id],
    );
    expect(audit).toBe(1);
  });

  it('R-PAY-07: a cancelled file is no longer served; what it paid is due again and its refund released', async () => {
    const [batch] = (await send(siege, { method: 'GET', url: PAYOUTS_PATH })).json<PayoutGenerated[]>();
    expect((await send(club, { method: 'POST', url: `${PAYOUTS_PATH}/${batch!.id}/annulation` })).statusCode).toBe(403);
    const cancelled = await send(siege, { method: 'POST', url: `${PAYOUTS_PATH}/${batch!.id}/annulation` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await send(siege, { method: 'POST', url: `${PAYOUTS_PATH}/${batch!.id}/annulation` })).statusCode).toBe(
      409,
    );
    expect((await send(siege, { method: 'GET', url: `${PAYOUTS_PATH}/${batch!.id}/fichier` })).statusCode).toBe(410);
    const rows = await database.query<{ t: number | null }>(
      `SELECT "ID_Traitement" AS t FROM "MKP_FluxFinancier" WHERE id = $1`,
      [refundId],
    );
    expect(rows[0]!.t).toBeNull();
    const again = await preview();
    expect(again.payables.find((row) => row.structureId === ligueId)?.verseCentimes).toBe(0);
    const older = await generate({ dateExecution: executionDay, structures: [ligueId], version: 'pain.001.001.03' });
    expect(older.statusCode, older.body).toBe(201);
    const xml = await send(siege, {
      method: 'GET',
      url: `${PAYOUTS_PATH}/${older.json<PayoutGenerated>().id}/fichier`,
    });
    await validateAgainstXsd(xml.body, 'pain.001.001.03');
  });
});
