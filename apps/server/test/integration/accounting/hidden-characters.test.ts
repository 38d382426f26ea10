import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { TEST_TODAY } from '../support/test-app';
import { bearer, closeRestContext, openRestContext, type RestContext } from '../rest/rest-context';
import { decodeLatin9, insertFlux } from './accounting-fixtures';

const HIDDEN = /[\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/;
const ACCOUNT_LABEL = '=HYPERLINK("http://evil.example","Ventes")\u200B';

/**
 * R-SEC-17: a label typed in Paramétrages comptables with a bidi or zero-width character is
 * refused whole, in French, and changes nothing; one stored before this rule (written in SQL
 * here, like an account label '=HYPERLINK(…)') reaches the FEC's CompteLib neutralised
 * (R-SEC-16) and without its hidden characters, like a structure name holding U+202E.
 */
describe.each(testDatabaseTargets())('hidden characters in accounting labels on $name (R-SEC-17)', (target) => {
  let context: RestContext;
  const get = (token: string, url: string) => context.app.inject({ method: 'GET', url, headers: bearer(token) });

  beforeAll(async () => {
    context = await openRestContext(target, { ledgerClock: () => TEST_TODAY });
    await insertFlux(
      context.database,
      [0, 1].map((index) => ({
        structureId: context.clubId,
        label: `Licence\u202E${index}`,
        amount: '12.00',
        isDebit: true,
        category: 1,
        date: '2026-10-08',
      })),
      300,
    );
    await context.database.query(`UPDATE "CPT_Compte" SET "Libelle" = $1`, [ACCOUNT_LABEL]);
    await context.database.query(`UPDATE "STR_Structure" SET "NomStructure" = $2 WHERE id = $1`, [
      context.clubId,
      'Club \u202Eevil\u202C \u2066x\u2069',
    ]);
  });
  afterAll(() => closeRestContext(context));

  it('refuses a bidi or zero-width character in an account label, in French, writing nothing', async () => {
    const count = async () =>
      (await context.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM "CPT_Compte"`))[0]!.n;
    const before = await count();
    for (const Libelle of ['Ventes\u202Ecarticle', 'Ventes\u200B', 'Ventes\u0000', 'Ventes\ndeux lignes']) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/parametrages-comptables/comptes',
        headers: bearer(context.tokens.siege),
        payload: { Numero: '706900', Libelle },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(
        /Libellé invalide : les (caractères invisibles|retours)/,
      );
    }
    expect(await count()).toBe(before);
  });

  it('FEC: the stored account label is neutralised, no field starts a formula or hides a character', async () => {
    for (const token of [context.tokens.club, context.tokens.siege]) {
      const years = await get(token, '/api/parametrages-comptables/exercices');
      const current = (years.json() as { exercices: Array<{ id: number; debut: string }> }).exercices.find(
        (y) => y.debut === '2026-09-01',
      );
      const response = await get(token, `/api/exports/fec?exercice=${current?.id}`);
      expect(response.statusCode, response.body).toBe(200);
      const text = response.body.startsWith('JournalCode') ? response.body : decodeLatin9(response.rawPayload);
      const [, ...lines] = text.split('\r\n').filter(Boolean);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect(line).not.toMatch(HIDDEN);
        for (const field of line.split('\t')) expect(field, line).not.toMatch(/^[=+@]/);
      }
      expect(lines.map((line) => line.split('\t')[5])).toContain(`'=HYPERLINK("http://evil.example","Ventes")`);
    }
  });
});
