import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BANK_STATEMENTS_URL, HEAD_OFFICE_STRUCTURE_ID, type BankStatementImportResult } from '@gdf/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, closeRestContext, openRestContext, type RestContext } from '../rest/rest-context';
import { testDatabaseTargets } from '../support/databases';
import { camt053Xml, cfonb120Text, type WrittenStatement } from '../support/statement-writer';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/bank-statements');

/**
 * R-BANK-01: statement files as banks send them are imported (every camt.053 version from .02
 * to .08, CFONB 120 with trailing spaces trimmed and blank lines). R-BANK-08: a bank statement file with a date outside 1900-2099, a statement dated after
 * today, or a NUL or other control character is refused whole, in French, with a 400, and
 * nothing of it is stored (was: 500, or a year-9999 statement stored whose entries page then
 * answered 500).
 */
describe.each(testDatabaseTargets())(
  'bank statement files as banks send them (R-BANK-01) or hostile (R-BANK-08) on $name',
  (target) => {
    let context: RestContext;
    let iban: string;

    beforeAll(async () => {
      context = await openRestContext(target);
      const [rib] = await context.database.query<{ IBAN: string }>(
        `SELECT "IBAN" FROM "STR_StructureRib" WHERE "ID_Structure" = $1 AND "EST_Valide" ORDER BY id DESC LIMIT 1`,
        [HEAD_OFFICE_STRUCTURE_ID],
      );
      iban = rib!.IBAN.replace(/\s/g, '');
    });
    afterAll(() => closeRestContext(context));

    const post = (bytes: Buffer) =>
      context.app.inject({
        method: 'POST',
        url: BANK_STATEMENTS_URL,
        headers: bearer(context.tokens.siege, {
          'content-type': bytes[0] === 0x3c ? 'application/xml' : 'text/plain',
          'x-file-name': encodeURIComponent('releve.txt'),
        }),
        payload: bytes,
      });

    const stored = async () =>
      (
        await context.database.query<{ statements: number; entries: number; contents: number; audits: number }>(
          `SELECT (SELECT count(*)::int FROM "BQE_ReleveBancaire") AS statements,
                (SELECT count(*)::int FROM "BQE_EcritureBancaire") AS entries,
                (SELECT count(*)::int FROM "DOC_Contenu" WHERE "Nature" = 'releve_bancaire') AS contents,
                (SELECT count(*)::int FROM "APP_AuditLog" WHERE "Action" = 'import_releve_bancaire') AS audits`,
        )
      )[0];

    /** A plain statement of the head office account: one credit on a past day. */
    const statement = (day = '2026-03-10'): WrittenStatement => ({
      id: `STMT-${day}`,
      iban,
      fromDate: day,
      toDate: day,
      openingCents: 10_000,
      entries: [{ reference: 'H1', bookingDate: day, amountCents: 2_500, direction: 'credit', label: 'VIR RECU' }],
    });
    const camt = (day?: string) => camt053Xml([statement(day)], '08').toString('utf8');
    const cfonb = (day?: string) => cfonb120Text([statement(day)]).toString('latin1');

    async function expectRefused(bytes: Buffer, message: RegExp) {
      const before = await stored();
      const response = await post(bytes);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toMatch(message);
      expect(await stored()).toEqual(before);
    }

    it('the files below differ from an accepted one by the hostile part only', async () => {
      const accepted = await post(Buffer.from(camt('2026-03-11'), 'utf8'));
      expect(accepted.statusCode, accepted.body).toBe(200);
      const cfonbAccepted = await post(Buffer.from(cfonb('2026-03-12'), 'latin1'));
      expect(cfonbAccepted.statusCode, cfonbAccepted.body).toBe(200);
      const id = (accepted.json() as BankStatementImportResult).releves[0]?.id;
      expect(id).toBeGreaterThan(0);
      const page = await context.app.inject({
        method: 'GET',
        url: `${BANK_STATEMENTS_URL}/${id}/ecritures?filtre=toutes`,
        headers: bearer(context.tokens.siege),
      });
      expect(page.statusCode, page.body).toBe(200);
    });

    it.each(['02', '03', '04', '05', '06', '07'])(
      'imports a camt.053.001.%s fixture of the head office account',
      async (version) => {
        const xml = readFileSync(path.join(FIXTURES, `camt.053.001.${version}.xml`), 'utf8');
        const ours = xml.replace('<IBAN>FR7630004000031234567890143</IBAN>', `<IBAN>${iban}</IBAN>`);
        expect(ours).not.toBe(xml);
        const response = await post(Buffer.from(ours, 'utf8'));
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({ format: `camt.053.001.${version}` });
      },
    );

    it('imports a CFONB 120 file with its trailing spaces trimmed and blank lines between records', async () => {
      const text = cfonb('2026-03-13')
        .split('\r\n')
        .map((line) => line.replace(/ +$/, ''))
        .join('\n\n');
      const response = await post(Buffer.from(text, 'latin1'));
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as BankStatementImportResult).releves).toEqual([
        expect.objectContaining({ dateFin: '2026-03-13', nouveau: true, nbEcritures: 1 }),
      ]);
    });

    it.each([
      ['a year-9999 statement', '9999-12-31'],
      ['a year-0000 statement', '0000-01-01'],
      ['a statement of 1899', '1899-12-31'],
      ['a statement of 2100', '2100-01-01'],
    ])('camt.053: refuses %s, writing nothing', async (_name, day) => {
      await expectRefused(Buffer.from(camt(day), 'utf8'), /hors des années 1900 à 2099/);
    });

    it('camt.053: refuses one entry booked in year 9999 inside a statement of a past day', async () => {
      const xml = camt().replace('<BookgDt><Dt>2026-03-10</Dt></BookgDt>', '<BookgDt><Dt>9999-03-10</Dt></BookgDt>');
      await expectRefused(Buffer.from(xml, 'utf8'), /9999-03-10.*hors des années 1900 à 2099/);
    });

    it('camt.053: refuses a statement dated after today (2098, within the years accepted)', async () => {
      await expectRefused(Buffer.from(camt('2098-06-15'), 'utf8'), /daté du 15\/06\/2098, après aujourd’hui/);
    });

    it.each([
      ['a NUL byte', '\u0000'],
      ['a NUL character reference', '&#0;'],
      ['another control character', '\u0007'],
      ['a control character reference', '&#x1B;'],
    ])('camt.053: refuses %s in a text, writing nothing', async (_name, hostile) => {
      const xml = camt().replace('<AddtlNtryInf>VIR RECU', `<AddtlNtryInf>VIR${hostile}RECU`);
      await expectRefused(Buffer.from(xml, 'utf8'), /caractère de contrôle/);
    });

    it.each([
      ['000000', '000000'],
      ['999999', '999999'],
      ['310299 (no 31 February)', '310299'],
    ])('CFONB 120: refuses a date %s, writing nothing', async (_name, jjmmaa) => {
      // The 01 record's date (positions 35-40) of a file otherwise accepted.
      const text = cfonb().replace(/^(01.{32})\d{6}/, `$1${jjmmaa}`);
      await expectRefused(Buffer.from(text, 'latin1'), /Relevé CFONB 120 refusé, ligne 1 : date/);
    });

    it('CFONB 120: refuses a statement dated after today (2078, within the years it can write)', async () => {
      await expectRefused(Buffer.from(cfonb('2078-06-15'), 'latin1'), /daté du 15\/06\/2078, après aujourd’hui/);
    });

    it.each([
      ['a NUL byte', '\u0000'],
      ['another control character', '\u001B'],
    ])('CFONB 120: refuses %s in a record, writing nothing', async (_name, hostile) => {
      const text = cfonb().replace('VIR RECU', `VIR${hostile}RECU`.slice(0, 8));
      await expectRefused(Buffer.from(text, 'latin1'), /ligne 2 : caractère de contrôle/);
    });
  },
);
