import { createHash } from 'node:crypto';
import { checkFec, HEAD_OFFICE_STRUCTURE_ID, type FiscalYearsResponse } from '@gdf/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { TEST_TODAY } from '../support/test-app';
import { bearer, closeRestContext, openRestContext, type RestContext } from '../rest/rest-context';
import {
  confirmPart,
  decodeLatin9,
  importCredits,
  insertFlux,
  openingBalances,
  reconciliationUrl,
  statementRuleBalance,
  validateUpTo,
} from './accounting-fixtures';

/**
 * R-BANK-06 (ADR 0017): a confirmed bank reconciliation books, in the head office's
 * books, a settlement entry per part in journal BQ on the bank's booking day (debit 512000,
 * credit the structure's 411 account), lettered with the sale entry once the flux is fully
 * settled; an undo before validation removes it, after validation books its reversal.
 * The clock is TEST_TODAY (2026-11-21): the 2025-2026 fiscal year has ended and can close.
 */
const SIREN = '775671356';
const JUNE = { from: '2026-06-01', to: '2026-06-30' };
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** FEC column indexes (article A47 A-1 order). */
const F = {
  journal: 0,
  num: 2,
  date: 3,
  account: 4,
  accountLabel: 5,
  aux: 6,
  piece: 8,
  pieceDate: 9,
  label: 10,
  debit: 11,
  credit: 12,
  let: 13,
  dateLet: 14,
  validDate: 15,
};

/**
 * Closing a year validates and numbers every entry of the seeded books: 35-50 s on the embedded
 * database of a quiet 2-core machine, twice that loaded. The bound is the machine's, not the rule's.
 */
const CLOSING_TIMEOUT_MS = 300_000;

describe.each(testDatabaseTargets())('settlement entries of bank reconciliations on $name (R-BANK-06)', (target) => {
  let context: RestContext;
  let token: string;
  /** Flux A (100.00, club), B (80.00, club), C (50.00, other club): June 2026, open. */
  let ids: { a: number; b: number; c: number };
  /** The 411 auxiliary accounts of the club and the other club in the head office's books. */
  let aux: { club: string; other: string };
  const piece = (id: number) => `2027-FFME-${id}`;

  const query = <T>(sql: string, params: unknown[] = []) => context.database.query<T>(sql, params);
  const get = (url: string) => context.app.inject({ method: 'GET', url, headers: bearer(token) });

  beforeAll(async () => {
    context = await openRestContext(target, { ledgerClock: () => TEST_TODAY });
    token = context.tokens.siege;
    await query(`UPDATE "CPT_Parametres" SET "SIREN" = $1`, [SIREN]);
    const [a, b, c] = await insertFlux(context.database, [
      {
        structureId: context.clubId,
        label: 'Licence A',
        amount: '100.00',
        isDebit: true,
        category: 1,
        date: '2026-06-01',
      },
      {
        structureId: context.clubId,
        label: 'Licence B',
        amount: '80.00',
        isDebit: true,
        category: 1,
        date: '2026-06-02',
      },
      {
        structureId: context.otherClubId,
        label: 'Affiliation C',
        amount: '50.00',
        isDebit: true,
        category: 3,
        date: '2026-06-03',
      },
    ]);
    ids = { a: a!, b: b!, c: c! };
    const [rule] = await query<{ prefix: string }>(
      `SELECT "TiersPrefixe" AS prefix FROM "CPT_Parametres" WHERE "ID_Structure" = $1`,
      [HEAD_OFFICE_STRUCTURE_ID],
    );
    const codes = await query<{ id: number; code: string }>(
      `SELECT id, "ID_CodeFederal" AS code FROM "STR_Structure" WHERE id = ANY($1::int[])`,
      [[context.clubId, context.otherClubId]],
    );
    const code = (id: number) => codes.find((row) => row.id === id)!.code;
    aux = { club: `${rule!.prefix}${code(context.clubId)}`, other: `${rule!.prefix}${code(context.otherClubId)}` };

    await importCredits(context, token, {
      id: 'STMT-JUIN',
      fromDate: '2026-06-10',
      toDate: '2026-06-15',
      credits: [
        ['E1', '2026-06-10', 10_000],
        ['E2', '2026-06-11', 3_000],
        ['E3', '2026-06-12', 5_000],
        ['E4', '2026-06-15', 5_000],
      ],
    });
  });
  afterAll(() => closeRestContext(context));

  const confirm = (reference: string, fluxId: number, montantCents: number) =>
    confirmPart(context, token, reference, fluxId, montantCents);
  async function undo(reference: string) {
    const response = await context.app.inject({
      method: 'DELETE',
      url: await reconciliationUrl(context.database, reference),
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  const years = async () => (await get('/api/parametrages-comptables/exercices')).json() as FiscalYearsResponse;
  const yearOf = async (label: string) => (await years()).exercices.find((y) => y.libelle === label)!;

  /** The FEC rows of a fiscal year; a validated one must pass the A47 A-1 checker. */
  async function fec(label: string) {
    const response = await get(`/api/exports/fec?exercice=${(await yearOf(label)).id}`);
    expect(response.statusCode, response.body).toBe(200);
    const valid = response.headers['x-export-valide'] === 'oui';
    const text = decodeLatin9(response.rawPayload);
    if (valid) expect(checkFec(text)).toEqual([]);
    const rows = text
      .split('\r\n')
      .slice(1, -1)
      .map((row) => row.split('\t'));
    return { valid, rows, bytes: response.rawPayload };
  }
  async function csv(from: string, to: string) {
    const response = await get(`/api/exports/sage?from=${from}&to=${to}&format=csv`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = decodeLatin9(response.rawPayload)
      .split('\r\n')
      .slice(1, -1)
      .map((row) => row.split(';'));
    return { valid: response.headers['x-export-valide'] === 'oui', rows };
  }
  const bankRows = (rows: string[][], id: number, pieceColumn: number) =>
    rows.filter((r) => r[0] === 'BQ' && r[pieceColumn] === piece(id));
  /** [account, aux, debit, credit, EcritureLet, DateLet] of a flux's 411 lines in the FEC (sale first). */
  const thirdPartyLines = (rows: string[][], id: number) =>
    rows
      .filter((r) => r[F.piece] === piece(id) && r[F.account] === '411000')
      .map((r) => [r[F.journal], r[F.aux], r[F.debit], r[F.credit], r[F.let], r[F.dateLet]]);

  it('before validation: each confirmed part is a BQ entry on the booking day, 512000 against 411; a fully settled flux is lettered with its sale', async () => {
    await confirm('E1', ids.a, 10_000);
    await confirm('E2', ids.b, 3_000); // B partly paid: 30.00 of 80.00
    await confirm('E3', ids.c, 5_000);

    const sage = await csv(JUNE.from, JUNE.to);
    expect(sage.valid).toBe(false);
    expect(bankRows(sage.rows, ids.a, 4).map((r) => r.slice(0, 8))).toEqual([
      ['BQ', '10/06/2026', '512000', '', piece(ids.a), `Règlement ${piece(ids.a)}`, '100,00', ''],
      ['BQ', '10/06/2026', '411000', aux.club, piece(ids.a), `Règlement ${piece(ids.a)}`, '', '100,00'],
    ]);
    expect(bankRows(sage.rows, ids.b, 4).map((r) => [r[1], r[2], r[3], r[6], r[7]])).toEqual([
      ['11/06/2026', '512000', '', '30,00', ''],
      ['11/06/2026', '411000', aux.club, '', '30,00'],
    ]);
    expect(bankRows(sage.rows, ids.c, 4).map((r) => [r[1], r[2], r[3], r[6], r[7]])).toEqual([
      ['12/06/2026', '512000', '', '50,00', ''],
      ['12/06/2026', '411000', aux.other, '', '50,00'],
    ]);
    const pnm = await get(`/api/exports/sage?from=${JUNE.from}&to=${JUNE.to}&format=pnm`);
    const pnmLines = decodeLatin9(pnm.rawPayload).split('\r\n');
    expect(pnmLines.filter((l) => l.startsWith('BQ 100626') && l.includes(`${ids.a}`))).toHaveLength(2);

    const { valid, rows } = await fec('2025-2026');
    expect(valid).toBe(false); // not validated yet: a brouillard
    // A: settled by the bank on 10 June: the sale's 411 line and the settlement's share L<id>, DateLet = booking day.
    expect(thirdPartyLines(rows, ids.a)).toEqual([
      ['VE', aux.club, '100,00', '0,00', `L${ids.a}`, '20260610'],
      ['BQ', aux.club, '0,00', '100,00', `L${ids.a}`, '20260610'],
    ]);
    // B: partly paid, not lettered.
    expect(thirdPartyLines(rows, ids.b)).toEqual([
      ['VE', aux.club, '80,00', '0,00', '', ''],
      ['BQ', aux.club, '0,00', '30,00', '', ''],
    ]);
    const bank = rows.filter((r) => r[F.piece] === piece(ids.a) && r[F.journal] === 'BQ');
    expect(bank.map((r) => [r[F.date], r[F.pieceDate], r[F.account], r[F.accountLabel]])).toEqual([
      ['20260610', '20260610', '512000', 'Banque'],
      ['20260610', '20260610', '411000', expect.any(String)],
    ]);
  });

  it('an undo before validation removes the settlement entry; the rest of the flux, paid later, letters all its parts', async () => {
    await undo('E3');
    expect(bankRows((await csv(JUNE.from, JUNE.to)).rows, ids.c, 4)).toEqual([]);
    let rows = (await fec('2025-2026')).rows;
    expect(rows.filter((r) => r[F.piece] === piece(ids.c) && r[F.journal] === 'BQ')).toEqual([]);
    expect(thirdPartyLines(rows, ids.c)).toEqual([['VE', aux.other, '50,00', '0,00', '', '']]);

    await confirm('E4', ids.b, 5_000); // the remaining 50.00 of B, booked on 15 June
    rows = (await fec('2025-2026')).rows;
    expect(thirdPartyLines(rows, ids.b)).toEqual([
      ['VE', aux.club, '80,00', '0,00', `L${ids.b}`, '20260615'],
      ['BQ', aux.club, '0,00', '30,00', `L${ids.b}`, '20260615'],
      ['BQ', aux.club, '0,00', '50,00', `L${ids.b}`, '20260615'],
    ]);
    await confirm('E3', ids.c, 5_000); // reconciled again
  });

  let closedFec: Buffer;
  it(
    'closing the year validates the settlement entries: numbered in BQ, checked A47 A-1, in the validated SAGE files',
    async () => {
      for (const year of (await years()).exercices) {
        if (year.statut === 'ouvert' && year.fin < '2026-09-01') {
          const closed = await context.app.inject({
            method: 'POST',
            url: `/api/parametrages-comptables/exercices/${year.id}/cloture`,
            headers: bearer(token),
          });
          expect(closed.statusCode, closed.body).toBe(200);
        }
      }
      const { valid, rows, bytes } = await fec('2025-2026');
      expect(valid).toBe(true);
      closedFec = bytes;
      const bank = rows.filter((r) => r[F.journal] === 'BQ');
      // Four parts, four entries, two lines each, numbered 1, 2, 3, 4 in date order.
      expect([...new Set(bank.map((r) => r[F.num]))]).toEqual([
        'BQ2026-000001',
        'BQ2026-000002',
        'BQ2026-000003',
        'BQ2026-000004',
      ]);
      expect(bank.map((r) => [r[F.date], r[F.account], r[F.debit], r[F.credit], r[F.validDate]])).toEqual([
        ['20260610', '512000', '100,00', '0,00', '20261121'],
        ['20260610', '411000', '0,00', '100,00', '20261121'],
        ['20260611', '512000', '30,00', '0,00', '20261121'],
        ['20260611', '411000', '0,00', '30,00', '20261121'],
        ['20260612', '512000', '50,00', '0,00', '20261121'],
        ['20260612', '411000', '0,00', '50,00', '20261121'],
        ['20260615', '512000', '50,00', '0,00', '20261121'],
        ['20260615', '411000', '0,00', '50,00', '20261121'],
      ]);
      expect(thirdPartyLines(rows, ids.c)).toEqual([
        ['VE', aux.other, '50,00', '0,00', `L${ids.c}`, '20260612'],
        ['BQ', aux.other, '0,00', '50,00', `L${ids.c}`, '20260612'],
      ]);
      // R-LEDG-13: 2026-2027 opens with each structure's 411 balance, the statement rule's: bank
      // settlements and the others (R-LEDG-14) are in it.
      const opening = await openingBalances(context.database, HEAD_OFFICE_STRUCTURE_ID, '2026-09-01');
      for (const [structureId, account] of [
        [context.clubId, aux.club],
        [context.otherClubId, aux.other],
      ] as const) {
        const rule = await statementRuleBalance(context.database, structureId, '2026-08-31');
        expect(opening.get(account) ?? 0, account).toBe(rule);
      }
      const sage = await csv(JUNE.from, JUNE.to);
      expect(sage.valid).toBe(true);
      expect(bankRows(sage.rows, ids.c, 4).map((r) => [r[2], r[3], r[6], r[7], r[9]])).toEqual([
        ['512000', '', '50,00', '', 'BQ2026-000003'],
        ['411000', aux.other, '', '50,00', 'BQ2026-000003'],
      ]);
    },
    CLOSING_TIMEOUT_MS,
  );

  it(
    'an undo after validation changes no validated entry: the reversal is booked in the open period',
    async () => {
      const [before] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM "CPT_Ecriture"`);
      await undo('E3');
      // The closed year's FEC is the same file.
      expect(sha256((await fec('2025-2026')).bytes)).toBe(sha256(closedFec));
      const [after] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM "CPT_Ecriture"`);
      expect(after!.n).toBe(before!.n);

      // Provisional first, then validated: the reversal of BQ2026-000003 on the first open day.
      const current = await yearOf('2026-2027');
      const preview = (await fec('2026-2027')).rows.filter((r) => r[F.piece] === piece(ids.c) && r[F.journal] === 'BQ');
      expect(
        preview.map((r) => [r[F.date], r[F.account], r[F.aux], r[F.label], r[F.debit], r[F.credit], r[F.let]]),
      ).toEqual([
        ['20260901', '512000', '', `Extourne BQ2026-000003 - Règlement ${piece(ids.c)}`, '0,00', '50,00', ''],
        ['20260901', '411000', aux.other, `Extourne BQ2026-000003 - Règlement ${piece(ids.c)}`, '50,00', '0,00', ''],
      ]);
      const validate = (jusquau: string) => validateUpTo(context, token, current.id, jusquau);
      await validate('2026-11-20');
      const sage = await csv(current.debut, '2026-11-20');
      expect(sage.valid).toBe(true);
      expect(bankRows(sage.rows, ids.c, 4).map((r) => [r[2], r[6], r[7], r[9]])).toEqual([
        ['512000', '', '50,00', 'BQ2027-000001'],
        ['411000', '50,00', '', 'BQ2027-000001'],
      ]);
      const entries = await query<{ reversal: boolean; letter: string | null; number: string }>(
        `SELECT "EST_Extourne" AS reversal, "Lettrage" AS letter, "EcritureNum" AS number FROM "CPT_Ecriture"
        WHERE "ID_Structure" = $1 AND "JournalCode" = 'BQ' AND "ID_FluxFinancier" = $2 ORDER BY id`,
        [HEAD_OFFICE_STRUCTURE_ID, ids.c],
      );
      expect(entries).toEqual([
        { reversal: false, letter: `L${ids.c}`, number: 'BQ2026-000003' },
        { reversal: true, letter: null, number: 'BQ2027-000001' },
      ]);
      // Booked once: the next validation reverses nothing again.
      expect((await validate('2026-11-21')).journaux.BQ).toBeUndefined();
    },
    CLOSING_TIMEOUT_MS,
  );

  it('a club’s books hold no settlement entry: the statements are the head office’s', async () => {
    const [row] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "CPT_Ecriture" WHERE "ID_Rapprochement" IS NOT NULL AND "ID_Structure" <> $1`,
      [HEAD_OFFICE_STRUCTURE_ID],
    );
    expect(row!.n).toBe(0);
    const club = await context.app.inject({
      method: 'GET',
      url: `/api/exports/sage?from=${JUNE.from}&to=${JUNE.to}&format=csv`,
      headers: bearer(context.tokens.club),
    });
    expect(club.statusCode, club.body).toBe(200);
    expect(decodeLatin9(club.rawPayload)).not.toContain('Règlement');
  });
});
