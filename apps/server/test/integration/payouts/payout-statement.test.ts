import {
  PAYOUTS_PATH,
  SHARE_RULES_PATH,
  addCalendarDays,
  issuedPayoutStatementPath,
  issuedPayoutStatementsPath,
  nextTargetDay,
  parisToday,
  payoutStatementPath,
  type IssuedPayoutStatementSummary,
  type PayoutStatementAnswer,
} from '@gdf/domain';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { testDatabaseTargets } from '../support/databases';
import { closeSeededApp, openSeededApp } from '../support/seeded-app';
import { insertFlux, oneId } from '../documents/document-fixtures';
import { demoLigueId, setClubLigue } from './payout-fixtures';
import { pdfText, pdfXmp } from '../documents/pdf-tools';
import { readZip } from '../documents/zip-tools';

const LIGUE_IBAN = 'FR7630006000011234567890189';

/**
 * R-PAY-09: a ligue's relevé de reversements through the product: its shares earned from a
 * club's settled licence, the transfer a payout file sent it, issued as PDF and xlsx, frozen
 * (same number and bytes asked again, the row unchangeable), audited, and scoped.
 */
describe.each(testDatabaseTargets())('a ligue’s relevé de reversements on $name (R-PAY-09)', (target) => {
  let database: Database, app: FastifyInstance, clubId: number;
  let siege: string, club: string, ligue: string;
  let ligueId: number, otherLigueId: number, saleId: number;
  const today = parisToday();
  const executionDay = nextTargetDay(addCalendarDays(today, 1));
  const period = `du=${addCalendarDays(today, -7)}&au=${addCalendarDays(executionDay, 1)}`;

  const send = (token: string, options: InjectOptions) =>
    app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
  const get = (token: string, url: string) => send(token, { method: 'GET', url });
  const statementUrl = (structureId: number, format: string) =>
    `${payoutStatementPath(structureId)}?${period}&format=${format}`;
  const auditCount = async (action: string, targetId: number) =>
    oneId(
      database,
      `SELECT count(*)::int AS id FROM "APP_AuditLog" WHERE "Action" = $1 AND "TableCible" = 'REV_ReleveReversementsEmis' AND "ID_Cible" = $2`,
      [action, targetId],
    );

  beforeAll(async () => {
    ({ database, app, siege, club, ligue, clubId } = await openSeededApp(target));
    const seasonId = await oneId(database, `SELECT id FROM "FEDE_Saison" WHERE "EST_SaisonCourante"`);
    ligueId = await demoLigueId(database);
    otherLigueId = await oneId(
      database,
      `SELECT id FROM "STR_Structure" WHERE "ID_TypeStructure" = 4 AND id <> $1 ORDER BY id LIMIT 1`,
      [ligueId],
    );
    await setClubLigue(database, clubId, ligueId);
    await database.query(`UPDATE "STR_StructureRib" SET "EST_Valide" = FALSE WHERE "ID_Structure" = $1`, [ligueId]);
    await database.query(
      `INSERT INTO "STR_StructureRib" ("ID_Structure", "IBAN", "BIC", "Titulaire", "EST_Valide") VALUES ($1, $2, NULL, 'Ligue Démo', TRUE)`,
      [ligueId, LIGUE_IBAN],
    );
    const rule = { categorie: 1, niveau: 'ligue', mode: 'taux', valeur: 1_000, saisonDebut: seasonId };
    expect((await send(siege, { method: 'PUT', url: SHARE_RULES_PATH, payload: rule })).statusCode).toBe(200);
    saleId = await insertFlux(database, {
      name: 'Licence relevé',
      categoryId: 1,
      structureId: clubId,
      seasonId,
      amount: '80.00',
    });
    await database.query(`UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = TRUE WHERE id = $1`, [saleId]);
  }, 120_000);
  afterAll(() => closeSeededApp({ app, database }));

  it('shows the ligue its shares over the period: the settled licence earns 10 %, the balance adds up', async () => {
    const response = await get(ligue, statementUrl(ligueId, 'json'));
    expect(response.statusCode, response.body).toBe(200);
    const statement = response.json<PayoutStatementAnswer>();
    expect(statement).toMatchObject({ level: 'ligue', structure: { id: ligueId } });
    const line = statement.lines.find((item) => item.kind === 'quote_part' && item.fluxId === saleId);
    expect(line).toMatchObject({ kind: 'quote_part', shareCents: 800, day: today });
    expect(line && 'category' in line && line.category).toBeTruthy();
    expect(statement.openingBalance + statement.totalEarned - statement.totalReversed - statement.totalReceived).toBe(
      statement.closingBalance,
    );
    // Nothing issued by the screen's figures.
    expect(await oneId(database, `SELECT count(*)::int AS id FROM "REV_ReleveReversementsEmis"`)).toBe(0);
  });

  it('issues the PDF once: asked again, the same number and bytes; its xlsx belongs to the same issue; audited', async () => {
    const first = await get(ligue, statementUrl(ligueId, 'pdf'));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    const number = String(first.headers['x-releve-numero']);
    expect(number).toMatch(/^RR-\d{4}-\d{6,}$/);
    const text = pdfText(first.rawPayload);
    expect(text).toContain('Relevé de reversements');
    expect(text).toContain(number);
    expect(text).toContain('Solde dû final');
    // PDF/A-3b as the relevé de compte (ADR 0031).
    expect(pdfXmp(first.rawPayload)).toContain('<pdfaid:part>3</pdfaid:part>');

    const again = await get(ligue, statementUrl(ligueId, 'pdf'));
    expect(again.headers['x-releve-numero']).toBe(number);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    const xlsx = await get(ligue, statementUrl(ligueId, 'xlsx'));
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['x-releve-numero']).toBe(number);
    expect(String(xlsx.headers['content-disposition'])).toMatch(/^attachment; filename="releve-de-reversements-/);
    const sheet = readZip(xlsx.rawPayload).get('xl/worksheets/sheet1.xml')!.toString('utf8');
    for (const expected of ['Relevé de reversements', number, 'Solde dû initial', 'Acquis', 'Reçu', 'Licence'])
      expect(sheet).toContain(expected);
    // Amounts are numbers (R-EXP-01): the licence's share, 8 €, as a number cell.
    expect(sheet).toMatch(/<c r="E\d+"[^>]*><v>8<\/v><\/c>/);

    const id = Number(first.headers['x-releve-id']);
    expect(await auditCount('emission_releve_reversements', id)).toBe(1);
    expect(await auditCount('telechargement_releve_reversements', id)).toBe(3);
  });

  it('a transfer received issues a new number; the earlier one downloads with its first bytes; rows are frozen', async () => {
    const before = await get(ligue, statementUrl(ligueId, 'pdf'));
    const generated = await send(siege, {
      method: 'POST',
      url: PAYOUTS_PATH,
      payload: { dateExecution: executionDay, structures: [ligueId] },
    });
    expect(generated.statusCode, generated.body).toBe(201);
    const [transfer] = await database.query<{ e2e: string; cents: string }>(
      `SELECT "EndToEndId" AS e2e, "Montant"::text AS cents FROM "REV_VersementLigne" WHERE "ID_Structure" = $1`,
      [ligueId],
    );

    const json = (await get(ligue, statementUrl(ligueId, 'json'))).json<PayoutStatementAnswer>();
    const received = json.lines.find((line) => line.kind === 'versement');
    expect(received).toMatchObject({
      day: executionDay,
      endToEndId: transfer!.e2e,
      amountCents: Number(transfer!.cents),
    });
    expect(json.closingBalance).toBe(
      json.openingBalance + json.totalEarned - json.totalReversed - Number(transfer!.cents),
    );

    const after = await get(ligue, statementUrl(ligueId, 'pdf'));
    expect(after.headers['x-releve-numero']).not.toBe(before.headers['x-releve-numero']);
    expect(pdfText(after.rawPayload)).toContain('Virement reçu');
    expect(pdfText(after.rawPayload)).toContain(transfer!.e2e);

    const list = await get(ligue, issuedPayoutStatementsPath(ligueId));
    const { statements } = list.json<{ statements: IssuedPayoutStatementSummary[] }>();
    expect(statements.slice(0, 2).map((item) => item.number)).toEqual([
      after.headers['x-releve-numero'],
      before.headers['x-releve-numero'],
    ]);
    const earlier = statements[1]!;
    expect(earlier).toMatchObject({ issuedOn: today, closingBalance: expect.any(Number) });
    const stored = await get(ligue, `${issuedPayoutStatementPath(earlier.id)}?format=pdf`);
    expect(stored.rawPayload.equals(before.rawPayload)).toBe(true);
    expect(pdfText(stored.rawPayload)).not.toContain('Virement reçu');

    await expect(
      database.query(`UPDATE "REV_ReleveReversementsEmis" SET "SoldeFinalCentimes" = 0 WHERE id = $1`, [earlier.id]),
    ).rejects.toThrow(/ne peut plus être modifié/);
    await expect(
      database.query(`DELETE FROM "REV_ReleveReversementsEmis" WHERE id = $1`, [earlier.id]),
    ).rejects.toThrow(/ne peut plus être modifié/);
  });

  it('the head office reads a ligue’s; a club is refused; another ligue’s is not found, nor a club’s', async () => {
    const headOffice = await get(siege, statementUrl(ligueId, 'pdf'));
    expect(headOffice.statusCode, headOffice.body).toBe(200);
    const issuedId = Number(headOffice.headers['x-releve-id']);

    for (const url of [
      statementUrl(ligueId, 'json'),
      statementUrl(clubId, 'pdf'),
      issuedPayoutStatementsPath(ligueId),
      `${issuedPayoutStatementPath(issuedId)}?format=pdf`,
    ])
      expect((await get(club, url)).statusCode, url).toBe(403);

    for (const url of [
      statementUrl(otherLigueId, 'json'),
      statementUrl(otherLigueId, 'pdf'),
      issuedPayoutStatementsPath(otherLigueId),
    ])
      expect((await get(ligue, url)).statusCode, url).toBe(404);
    // Another ligue's issued statement, issued by the head office: unknown to this ligue.
    const other = await get(siege, statementUrl(otherLigueId, 'pdf'));
    expect(other.statusCode, other.body).toBe(200);
    const otherIssued = `${issuedPayoutStatementPath(Number(other.headers['x-releve-id']))}?format=xlsx`;
    expect((await get(ligue, otherIssued)).statusCode).toBe(404);
    expect((await get(siege, otherIssued)).statusCode).toBe(200);
    // A club earns no share: it has no relevé de reversements.
    expect((await get(siege, statementUrl(clubId, 'json'))).statusCode).toBe(404);
  });

  it('refuses a bad period or format with a French reason, before anything is issued', async () => {
    const count = () => oneId(database, `SELECT count(*)::int AS id FROM "REV_ReleveReversementsEmis"`);
    const issued = await count();
    for (const [query, message] of [
      ['du=2026-03-31&au=2026-03-01&format=pdf', 'précéder'],
      ['du=2026-02-30&au=2026-03-01&format=pdf', 'date inexistante'],
      ['du=2000-01-01&au=2026-03-01&format=pdf', 'cinq ans'],
      ['format=docx', 'json, pdf ou xlsx'],
    ] as const) {
      const response = await get(ligue, `${payoutStatementPath(ligueId)}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    expect((await get(ligue, `${issuedPayoutStatementPath(1)}?format=docx`)).statusCode).toBe(400);
    expect(await count()).toBe(issued);
  });
});
