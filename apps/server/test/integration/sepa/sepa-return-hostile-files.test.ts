import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRestContext, openRestContext, type RestContext } from '../rest/rest-context';
import { testDatabaseTargets } from '../support/databases';
import { collectionDate, elements, generate } from './sepa-support';
import { postReturn, returnFile, type ReturnFixture } from './sepa-returns-support';

/**
 * R-BANK-08 for the bank's return reports (R-RET-01): a date outside 1900-2099 or a NUL or
 * other control character is refused whole, in French, with a 400, on the preview and on the
 * import, and nothing of it is stored (was: 500 for a year 0000, a year-9999 return stored).
 */
describe.each(testDatabaseTargets())(
  'SEPA return reports with hostile dates or characters (R-BANK-08) on $name',
  (target) => {
    let context: RestContext;
    let files: Record<ReturnFixture, string>;

    beforeAll(async () => {
      context = await openRestContext(target);
      const response = await generate(context.app, context.tokens.siege, { dateEcheance: collectionDate() });
      expect(response.statusCode, response.body).toBe(200);
      const batchId = Number(response.headers['x-sepa-batch-id']);
      const ids = elements(response.body, 'EndToEndId');
      const names = { E2E_A: ids[0]!, E2E_B: ids[1]!, E2E_ALREADY: ids[2]!, E2E_OK: ids[3]! };
      const text = (name: ReturnFixture) => returnFile(name, batchId, names).toString('utf8');
      files = {
        'pain.002.001.03': text('pain.002.001.03'),
        'pain.002.001.10': text('pain.002.001.10'),
        'camt.054.001.02': text('camt.054.001.02'),
        'camt.054.001.04': text('camt.054.001.04'),
        'camt.054.001.08': text('camt.054.001.08'),
      };
    });
    afterAll(() => closeRestContext(context));

    const stored = async () =>
      (
        await context.database.query<{ imports: number; returns: number; audits: number }>(
          `SELECT (SELECT count(*)::int FROM "MKP_ImportRetour") AS imports,
                (SELECT count(*)::int FROM "MKP_RetourPrelevement") AS returns,
                (SELECT count(*)::int FROM "APP_AuditLog" WHERE "Action" = 'import_retour_sepa') AS audits`,
        )
      )[0];

    /** `text` with `pattern` replaced; it must be there. */
    function replaced(text: string, pattern: RegExp | string, by: string): string {
      const result = text.replace(pattern, by);
      if (result === text) throw new Error(`nothing matched ${String(pattern)}`);
      return result;
    }

    async function expectRefused(xml: string, message: RegExp) {
      const before = await stored();
      for (const preview of [true, false]) {
        const response = await postReturn(context.app, context.tokens.siege, Buffer.from(xml, 'utf8'), { preview });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().message).toMatch(message);
      }
      expect(await stored()).toEqual(before);
    }

    it('each file below is previewed without its hostile part (200)', async () => {
      for (const xml of Object.values(files)) {
        const response = await postReturn(context.app, context.tokens.siege, Buffer.from(xml, 'utf8'), {
          preview: true,
        });
        expect(response.statusCode, response.body).toBe(200);
      }
    });

    it.each(['0000', '9999', '1899', '2100'])(
      'pain.002: refuses a report created in year %s, writing nothing',
      async (year) => {
        for (const name of ['pain.002.001.03', 'pain.002.001.10'] as const) {
          const xml = replaced(files[name], /<CreDtTm>\d{4}/, `<CreDtTm>${year}`);
          await expectRefused(xml, new RegExp(`« ${year}-.*hors des années 1900 à 2099`));
        }
      },
    );

    it.each(['0000', '9999'])('camt.054: refuses a return booked in year %s, writing nothing', async (year) => {
      for (const name of ['camt.054.001.02', 'camt.054.001.04', 'camt.054.001.08'] as const) {
        // camt.054.001.08's fixture writes its elements with a prefix (c:).
        const xml = replaced(files[name], /(<(?:c:)?BookgDt>\s*<(?:c:)?Dt(?:Tm)?>)\d{4}/, `$1${year}`);
        await expectRefused(xml, new RegExp(`« ${year}-.*hors des années 1900 à 2099`));
      }
    });

    it('refuses a month 00 or a day 99 (an impossible date) rather than dating the return otherwise', async () => {
      await expectRefused(replaced(files['pain.002.001.03'], /<CreDtTm>(\d{4})-\d{2}/, '<CreDtTm>$1-00'), /invalide/);
      await expectRefused(
        replaced(files['camt.054.001.02'], /(<BookgDt>\s*<Dt>\d{4}-\d{2})-\d{2}/, '$1-99'),
        /invalide/,
      );
    });

    it.each([
      ['a NUL byte', '\u0000'],
      ['a NUL character reference', '&#0;'],
      ['another control character', '\u0008'],
    ])('refuses %s, writing nothing', async (_name, hostile) => {
      const xml = replaced(files['pain.002.001.10'], '<MsgId>PSR-', `<MsgId>PSR${hostile}`);
      await expectRefused(xml, /caractère de contrôle/);
    });
  },
);
