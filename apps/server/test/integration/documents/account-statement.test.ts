import { formatDocumentAmount } from '@gdf/domain';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { insertFlux, oneId } from './document-fixtures';
import { pdfBody, useDocumentSuite } from './document-suite';
import { pdfFontList, pdfInfo, pdfText, pdfXmp } from './pdf-tools';

interface StatementJson {
  structure: { id: number; name: string };
  period: { from: string; to: string };
  openingBalance: number;
  closingBalance: number;
  totalDebit: number;
  totalCredit: number;
  lines: Array<{
    kind: string;
    fluxId: number;
    date: string;
    debit: number | null;
    credit: number | null;
    balance: number;
  }>;
  overdue: { total: number; flux: Array<{ fluxId: number; bucket: string; daysLate: number }> };
  rejected: Array<{ fluxId: number; reasonCode: string | null; reason: string }>;
}

/**
 * What a structure owes when a Paris day begins (Σ débit − Σ crédit in cents), computed by
 * PostgreSQL from the rule: flux created before it, not settled before it (a settlement with no
 * day recorded on the flux's own day), not relaunched before it.
 */
const OWED_AT = `SELECT COALESCE(SUM(CASE WHEN f."EST_Debit" THEN f."MontantTTC" ELSE -f."MontantTTC" END) * 100, 0)::bigint::text AS cents
  FROM "MKP_FluxFinancier" f LEFT JOIN "MKP_FluxFinancier" rl ON rl.id = f."ID_FluxFinancierRelance"
 WHERE f."ID_Structure" = $1 AND (f."Z_DateCreation" AT TIME ZONE 'Europe/Paris')::date < $2::date
   AND NOT (f."EST_Reglement" AND COALESCE(f."DateReglement", (f."Z_DateCreation" AT TIME ZONE 'Europe/Paris')::date) < $2::date)
   AND NOT (NOT f."EST_Reglement" AND COALESCE((rl."Z_DateCreation" AT TIME ZONE 'Europe/Paris')::date < $2::date, false))`;

describe.each(testDatabaseTargets())('relevé de compte of a structure (R-STMT-01 to R-STMT-03) on $name', (target) => {
  const suite = useDocumentSuite(target);
  const url = (structureId: number, query: string) => `/api/structures/${structureId}/releve-de-compte?${query}`;
  const owedAt = async (day: string) => {
    const [row] = await suite.database.query<{ cents: string }>(OWED_AT, [suite.clubStructureId, day]);
    return Number(row!.cents);
  };

  // November 2030 of the club: flux on both sides of each bound, read in Europe/Paris.
  const november = { first: 0, refund: 0, paidInNovember: 0, rejected: 0, relaunch: 0, lateDebit: 0 };
  beforeAll(async () => {
    const flux = (name: string, amount: string, createdAt: string, isDebit = true) =>
      insertFlux(suite.database, {
        name,
        categoryId: isDebit ? 1 : 6,
        isDebit,
        structureId: suite.clubStructureId,
        seasonId: suite.seasonId,
        amount,
        createdAt,
      });
    // 23:30 UTC on 31 October is 00:30 on 1 November in Paris: inside the period.
    november.first = await flux('Licences novembre', '1234.56', '2030-10-31T23:30:00Z');
    november.refund = await flux('Avoir', '34.07', '2030-11-10T10:00:00Z', false);
    // 23:30 UTC on 30 November is 1 December in Paris: after the period.
    await flux('Licences décembre', '99.99', '2030-11-30T23:30:00Z');
    await flux('Avant la période', '10.01', '2030-10-15T10:00:00Z');
    // Owed at the start, paid on 15 November: its settlement is a line of the period.
    november.paidInNovember = await flux('Licences octobre', '500.00', '2030-10-20T10:00:00Z');
    // Paid in October: closed before the period, in neither balance.
    const paidInOctober = await flux('Assurance octobre', '77.00', '2030-10-21T10:00:00Z');
    // A direct debit of October relaunched on 20 November: the relaunch carries the debt on.
    november.rejected = await flux('Prélèvement octobre', '40.00', '2030-10-22T10:00:00Z');
    november.relaunch = await flux('Prélèvement octobre (relance)', '40.00', '2030-11-20T10:00:00Z');
    await suite.database.query(
      `UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = true,
          "DateReglement" = CASE id WHEN $1::int THEN '2030-11-15'::date ELSE '2030-10-25'::date END
        WHERE id IN ($1::int, $2::int)`,
      [november.paidInNovember, paidInOctober],
    );
    await suite.database.query(`UPDATE "MKP_FluxFinancier" SET "ID_FluxFinancierRelance" = $1 WHERE id = $2`, [
      november.relaunch,
      november.rejected,
    ]);
    // Relaunched before the period: only its relaunch is owed at the start.
    const september = await flux('Prélèvement septembre', '60.00', '2030-09-10T10:00:00Z');
    const septemberRelaunch = await flux('Prélèvement septembre (relance)', '60.00', '2030-10-10T10:00:00Z');
    // Relaunched after the period: still owed at its end.
    november.lateDebit = await flux('Prélèvement fin novembre', '20.00', '2030-11-25T10:00:00Z');
    const decemberRelaunch = await flux('Prélèvement fin novembre (relance)', '20.00', '2030-12-05T10:00:00Z');
    for (const [original, relaunch] of [
      [september, septemberRelaunch],
      [november.lateDebit, decemberRelaunch],
    ])
      await suite.database.query(`UPDATE "MKP_FluxFinancier" SET "ID_FluxFinancierRelance" = $1 WHERE id = $2`, [
        relaunch,
        original,
      ]);
    // Settled on a day recorded before its own: closed on its own day, before the period.
    const backdated = await flux('Stage octobre', '33.00', '2030-10-28T10:00:00Z');
    await suite.database.query(
      `UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = true, "DateReglement" = '2030-10-01' WHERE id = $1`,
      [backdated],
    );
  });

  it('balances add up to the cent against what SQL says is owed, settlements and relaunches closing their flux', async () => {
    const { first, refund, paidInNovember, rejected, relaunch, lateDebit } = november;
    const response = await suite.get(url(suite.clubStructureId, 'du=2030-11-01&au=2030-11-30'), suite.clubToken);
    expect(response.statusCode, response.body).toBe(200);
    const statement = response.json<StatementJson>();
    const opening = await owedAt('2030-11-01');
    const closing = await owedAt('2030-12-01');
    expect(statement.openingBalance).toBe(opening);
    expect(statement.closingBalance).toBe(closing);
    expect(statement.closingBalance - statement.openingBalance).toBe(123_456 - 3_407 - 50_000 + 2_000);
    expect(statement.lines.map((line) => [line.kind, line.fluxId, line.date, line.debit, line.credit])).toEqual([
      ['flux', first, '2030-11-01', 123_456, null],
      ['flux', refund, '2030-11-10', null, 3_407],
      ['reglement', paidInNovember, '2030-11-15', null, 50_000],
      ['flux', relaunch, '2030-11-20', 4_000, null],
      ['remplacement', rejected, '2030-11-20', null, 4_000],
      ['flux', lateDebit, '2030-11-25', 2_000, null],
    ]);
    expect(statement.lines.at(-1)?.balance).toBe(closing);
    expect(statement.structure.id).toBe(suite.clubStructureId);
  });

  it('ages an unpaid flux past its due date and lists a rejected debit with its reason', async () => {
    const late = await insertFlux(suite.database, {
      name: 'Prélèvement rejeté',
      categoryId: 5,
      structureId: suite.clubStructureId,
      seasonId: suite.seasonId,
      amount: '50',
      createdAt: '2024-01-05T10:00:00Z',
      dueDate: '2024-01-10',
    });
    const [report] = await suite.database.query<{ id: number }>(
      `INSERT INTO "MKP_ImportRetour" ("Sha256", "NomFichier", "Format") VALUES ($1, 'retours.xml', 'pain.002.001.03') RETURNING id`,
      [`releve-de-compte-${target.name}`],
    );
    await suite.database.query(
      `INSERT INTO "MKP_RetourPrelevement" ("ID_FluxFinancier", "ID_ImportRetour", "TypeRetour", "CodeRaison", "DateRetour", "EndToEndId")
       VALUES ($1, $2, 'rejet', 'AM04', '2024-01-12', 'E2E-AS')`,
      [late, report!.id],
    );
    const statement = (
      await suite.get(url(suite.clubStructureId, 'du=2024-01-01&au=2024-01-31'), suite.clubToken)
    ).json<StatementJson>();
    // Aged today: more than 90 days after 10 January 2024.
    expect(statement.overdue.flux.find((item) => item.fluxId === late)).toMatchObject({ bucket: '90+' });
    expect(statement.rejected.find((item) => item.fluxId === late)).toMatchObject({
      reasonCode: 'AM04',
      reason: 'Provision insuffisante',
    });
  });

  it('defaults to the current season', async () => {
    const [season] = await suite.database.query<{ from: string; to: string }>(
      `SELECT "DateDebut"::text AS "from", "DateFin"::text AS "to" FROM "FEDE_Saison" WHERE "EST_SaisonCourante" ORDER BY id DESC LIMIT 1`,
    );
    const response = await suite.get(`/api/structures/${suite.clubStructureId}/releve-de-compte`, suite.clubToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<StatementJson>().period).toEqual(season);
  });

  it('the PDF shows the title, the structure, the period, opening and closing balances', async () => {
    const query = 'du=2030-11-01&au=2030-11-30';
    const statement = (await suite.get(url(suite.clubStructureId, query), suite.clubToken)).json<StatementJson>();
    const response = await suite.get(url(suite.clubStructureId, `${query}&format=pdf&download=1`), suite.clubToken);
    expect(response.headers['content-type']).toBe('application/pdf');
    const number = response.headers['x-releve-numero'];
    expect(number).toMatch(/^RC-\d{4}-\d{6,}$/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="releve-de-compte-${suite.clubStructureId}-2030-11-01-2030-11-30-${number}.pdf"`,
    );
    const text = pdfText(pdfBody(response)).replace(/\s+/g, ' ');
    expect(text).toContain('Relevé de compte');
    expect(text).toContain(statement.structure.name);
    expect(text).toContain('Période du 01/11/2030 au 30/11/2030');
    expect(text).toContain(`Solde initial ${formatDocumentAmount(statement.openingBalance)}`.replace(/\s+/g, ' '));
    expect(text).toContain(`Solde du relevé ${formatDocumentAmount(statement.closingBalance)}`.replace(/\s+/g, ' '));
    expect(text).toContain('Licences novembre');
    expect(text).toContain(`N° ${number}, émis le`);
  });

  it('the PDF is a PDF/A-3b with every font embedded, like the factures', async () => {
    const pdf = pdfBody(
      await suite.get(url(suite.clubStructureId, 'du=2030-11-01&au=2030-11-30&format=pdf'), suite.clubToken),
    );
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    const xmp = pdfXmp(pdf);
    expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(pdf.toString('latin1')).toMatch(/\/OutputIntents \[\d+ 0 R\]/);
    const fonts = pdfFontList(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((font) => font.embedded && font.subset)).toBe(true);
    expect(pdfInfo(pdf)['Title']).toContain('Relevé de compte');
  });

  it('the xlsx is a workbook named after the structure and the period', async () => {
    const response = await suite.get(
      url(suite.clubStructureId, 'du=2030-11-01&au=2030-11-30&format=xlsx'),
      suite.clubToken,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain('releve-de-compte-');
    expect(response.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    const sheet = unzipEntry(response.rawPayload, 'xl/worksheets/sheet1.xml');
    const statement = (
      await suite.get(url(suite.clubStructureId, 'du=2030-11-01&au=2030-11-30'), suite.clubToken)
    ).json<StatementJson>();
    expect(sheet).toContain(`Relevé de compte — ${statement.structure.name}`);
    expect(sheet).toContain('Solde initial');
    expect(sheet).toContain('Licences novembre');
    // Amounts are numbers (euros) the sheet formats: the closing balance to the cent.
    expect(sheet).toContain(`<v>${statement.closingBalance / 100}</v>`);
  });

  it("scope: a club gets 404 for another club's statement, its federation reads it", async () => {
    const otherClub = await oneId(
      suite.database,
      `SELECT id FROM "STR_Structure" WHERE "ID_TypeStructure" = 1 AND id <> $1 ORDER BY id LIMIT 1`,
      [suite.clubStructureId],
    );
    for (const format of ['json', 'pdf', 'xlsx']) {
      const denied = await suite.get(url(otherClub, `format=${format}`), suite.clubToken);
      expect(denied.statusCode).toBe(404);
      expect(denied.json<{ message: string }>().message).toBe('Structure introuvable');
    }
    const federation = await suite.get(url(suite.clubStructureId, 'du=2030-11-01&au=2030-11-30'), suite.siegeToken);
    expect(federation.statusCode, federation.body).toBe(200);
  });

  it.each([
    ['du=2030-11-30&au=2030-11-01', 'doit précéder'],
    ['du=2030-02-30', 'date inexistante'],
    // Years PostgreSQL and ISO strings write differently (+010000-01-01): refused, not a 500.
    ['du=9999-01-01&au=9999-12-31', 'années 1900 à 2099'],
    ['du=0000-01-01&au=0000-12-31', 'années 1900 à 2099'],
    ['du=2010-01-01&au=2030-01-01', 'cinq ans'],
    ['format=docx', 'json, pdf ou xlsx'],
    // A lone bound takes the current season's other bound, and is checked against it.
    ['du=2099-01-01', 'doit précéder'],
    ['au=1990-01-01', 'doit précéder'],
  ])('400 with a French message for %s', async (query, message) => {
    const response = await suite.get(url(suite.clubStructureId, query), suite.clubToken);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });

  it('needs a signed-in caller', async () => {
    expect((await suite.get(url(suite.clubStructureId, ''))).statusCode).toBe(401);
  });
});

/** One file of a zip (the xlsx package), read with unzip. */
function unzipEntry(zip: Buffer, entry: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'gdf-xlsx-'));
  try {
    const file = path.join(dir, 'statement.xlsx');
    writeFileSync(file, zip);
    return execFileSync('unzip', ['-p', file, entry], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
