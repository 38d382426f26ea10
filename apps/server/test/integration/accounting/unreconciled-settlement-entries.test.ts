import { checkFec, HEAD_OFFICE_STRUCTURE_ID, type FiscalYearsResponse } from '@gdf/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { TEST_TODAY } from '../support/test-app';
import { bearer, closeRestContext, openRestContext, type RestContext } from '../rest/rest-context';
import { confirmPart, decodeLatin9, importCredits, insertFlux, validateUpTo } from './accounting-fixtures';

/**
 * R-LEDG-14 (ADR 0047): a flux settled without a bank line is booked in journal RG on its
 * settlement day (511000 against the structure's 411 account) in the head office's books; its
 * paid flag cleared, that entry is reversed once; settled again, booked again; a bank
 * reconciliation's part is never booked a second time. The clock is TEST_TODAY (2026-11-21).
 */
const SIREN = '775671356';

describe.each(testDatabaseTargets())('settlements outside bank reconciliations on $name (R-LEDG-14)', (target) => {
  let context: RestContext;
  let token: string;
  /** D (100.00) and E (80.00), the club's, October 2026 (the open year 2026-2027). */
  let ids: { d: number; e: number };
  let aux: string;
  const piece = (id: number) => `2027-FFME-${id}`;
  const query = <T>(sql: string, params: unknown[] = []) => context.database.query<T>(sql, params);
  const get = (url: string) => context.app.inject({ method: 'GET', url, headers: bearer(token) });
  const years = async () => (await get('/api/parametrages-comptables/exercices')).json() as FiscalYearsResponse;

  /** The paid flag as a user or a SEPA return sets it (the trigger clears the day and the bank entry). */
  const markPaid = (id: number, day: string | null) =>
    query(`UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = $2, "DateReglement" = $3::date WHERE id = $1`, [
      id,
      day !== null,
      day,
    ]);

  beforeAll(async () => {
    context = await openRestContext(target, { ledgerClock: () => TEST_TODAY });
    token = context.tokens.siege;
    await query(`UPDATE "CPT_Parametres" SET "SIREN" = $1`, [SIREN]);
    const flux = (label: string, amount: string, date: string) => ({
      structureId: context.clubId,
      label,
      amount,
      isDebit: true,
      category: 1,
      date,
    });
    const [d, e] = await insertFlux(context.database, [
      flux('Licence D', '100.00', '2026-10-01'),
      flux('Licence E', '80.00', '2026-10-02'),
    ]);
    ids = { d: d!, e: e! };
    const [rule] = await query<{ prefix: string }>(
      `SELECT "TiersPrefixe" AS prefix FROM "CPT_Parametres" WHERE "ID_Structure" = $1`,
      [HEAD_OFFICE_STRUCTURE_ID],
    );
    const [club] = await query<{ code: string }>(`SELECT "ID_CodeFederal" AS code FROM "STR_Structure" WHERE id = $1`, [
      context.clubId,
    ]);
    aux = `${rule!.prefix}${club!.code}`;
    await importCredits(context, token, {
      id: 'STMT-OCT-NOV',
      fromDate: '2026-10-06',
      toDate: '2026-11-14',
      credits: [
        ['X1', '2026-10-06', 3_000],
        ['X2', '2026-11-14', 5_000],
      ],
    });
    // The ended years closed first: the current one can then be validated.
    for (const year of (await years()).exercices.filter((y) => y.fin < '2026-09-01' && y.statut === 'ouvert')) {
      const closed = await context.app.inject({
        method: 'POST',
        url: `/api/parametrages-comptables/exercices/${year.id}/cloture`,
        headers: bearer(token),
      });
      expect(closed.statusCode, closed.body).toBe(200);
    }
  });
  afterAll(() => closeRestContext(context));

  const confirm = (reference: string, fluxId: number, montantCents: number) =>
    confirmPart(context, token, reference, fluxId, montantCents);
  async function validate(jusquau: string) {
    const current = (await years()).exercices.find((y) => y.libelle === '2026-2027')!;
    return validateUpTo(context, token, current.id, jusquau);
  }
  /** [date, account, aux, debit, credit, EcritureLet, DateLet] of a flux's RG rows in the SAGE CSV (then the FEC). */
  async function csvRows(from: string, to: string, id: number) {
    const response = await get(`/api/exports/sage?from=${from}&to=${to}&format=csv`);
    expect(response.statusCode, response.body).toBe(200);
    return decodeLatin9(response.rawPayload)
      .split('\r\n')
      .map((row) => row.split(';'))
      .filter((r) => r[0] === 'RG' && r[4] === piece(id))
      .map((r) => [r[1], r[2], r[3], r[5], r[6], r[7]]);
  }
  /** The validated RG entries of a flux: reversal flag, date, lettering, 411 movement (debit − credit). */
  const ledgerRows = (id: number) =>
    query<{ reversal: boolean; date: string; letter: string | null; tiers: string }>(
      `SELECT e."EST_Extourne" AS reversal, e."EcritureDate"::text AS date, e."Lettrage" AS letter,
              (sum(l."Debit") FILTER (WHERE l."CompAuxNum" IS NOT NULL) - sum(l."Credit") FILTER (WHERE l."CompAuxNum" IS NOT NULL))::text AS tiers
         FROM "CPT_Ecriture" e JOIN "CPT_EcritureLigne" l ON l."ID_Ecriture" = e.id
        WHERE e."ID_Structure" = $1 AND e."ID_FluxFinancier" = $2 AND e."JournalCode" = 'RG'
        GROUP BY e.id ORDER BY e.id`,
      [HEAD_OFFICE_STRUCTURE_ID, id],
    );
  /** The flux's 411 balance in the validated ledger (cents, debit − credit). */
  const thirdPartyBalance = async (id: number) => {
    const [row] = await query<{ balance: string }>(
      `SELECT coalesce(sum(l."Debit" - l."Credit"), 0)::text AS balance FROM "CPT_Ecriture" e
         JOIN "CPT_EcritureLigne" l ON l."ID_Ecriture" = e.id
        WHERE e."ID_Structure" = $1 AND e."ID_FluxFinancier" = $2 AND l."CompAuxNum" = $3`,
      [HEAD_OFFICE_STRUCTURE_ID, id, aux],
    );
    return Number(row!.balance);
  };

  it('R-LEDG-14: marked paid, a flux is settled in RG on its day, 511000 against 411, lettered; the rest of a partly reconciled one only', async () => {
    await markPaid(ids.d, '2026-10-05');
    await confirm('X1', ids.e, 3_000); // E: 30.00 of 80.00 by the bank (BQ)
    await markPaid(ids.e, '2026-10-07'); // the rest paid otherwise
    expect(await csvRows('2026-10-01', '2026-10-31', ids.d)).toEqual([
      ['05/10/2026', '511000', '', `Règlement ${piece(ids.d)}`, '100,00', ''],
      ['05/10/2026', '411000', aux, `Règlement ${piece(ids.d)}`, '', '100,00'],
    ]);
    expect(await csvRows('2026-10-01', '2026-10-31', ids.e)).toEqual([
      ['07/10/2026', '511000', '', `Règlement ${piece(ids.e)}`, '50,00', ''],
      ['07/10/2026', '411000', aux, `Règlement ${piece(ids.e)}`, '', '50,00'],
    ]);
    expect((await validate('2026-10-31')).journaux.RG).toBeGreaterThanOrEqual(2);
    expect(await ledgerRows(ids.d)).toEqual([
      { reversal: false, date: '2026-10-05', letter: `L${ids.d}`, tiers: '-10000' },
    ]);
    expect(await thirdPartyBalance(ids.d)).toBe(0);
    expect(await thirdPartyBalance(ids.e)).toBe(0); // 80.00 − 30.00 (BQ) − 50.00 (RG)
  });

  it('R-LEDG-14: the paid flag cleared, the validated entry is reversed once in the open period; paid again, booked again', async () => {
    await markPaid(ids.d, null);
    expect(await csvRows('2026-11-01', '2026-11-10', ids.d)).toEqual([
      ['01/11/2026', '511000', '', expect.stringMatching(/^Extourne RG2027-\d{6} - Règlement /), '', '100,00'],
      ['01/11/2026', '411000', aux, expect.stringMatching(/^Extourne RG2027-\d{6} - Règlement /), '100,00', ''],
    ]);
    await validate('2026-11-10');
    expect((await ledgerRows(ids.d)).map((r) => [r.reversal, r.date, r.tiers])).toEqual([
      [false, '2026-10-05', '-10000'],
      [true, '2026-11-01', '10000'],
    ]);
    expect(await thirdPartyBalance(ids.d)).toBe(10_000); // owed again
    await validate('2026-11-11');
    expect(await ledgerRows(ids.d)).toHaveLength(2); // reversed once

    await markPaid(ids.d, '2026-11-12');
    await validate('2026-11-20');
    expect((await ledgerRows(ids.d)).map((r) => [r.reversal, r.date, r.letter, r.tiers])).toEqual([
      [false, '2026-10-05', `L${ids.d}`, '-10000'],
      [true, '2026-11-01', null, '10000'],
      [false, '2026-11-12', `L${ids.d}`, '-10000'],
    ]);
    expect(await thirdPartyBalance(ids.d)).toBe(0);
  });

  it('R-LEDG-14, R-BANK-06: a flux reconciled by a bank line after its paid flag was cleared is settled once, by the bank', async () => {
    await markPaid(ids.e, null); // a correction: E is not paid after all...
    await confirm('X2', ids.e, 5_000); // ...until the bank credits its remaining 50.00
    const [flux] = await query<{ bank: number | null }>(
      `SELECT "ID_EcritureBancaire" AS bank FROM "MKP_FluxFinancier" WHERE id = $1`,
      [ids.e],
    );
    expect(flux!.bank).not.toBeNull();
    await validate('2026-11-21');
    // Its RG settlement reversed, no new one: the bank's parts (30.00 and 50.00) settle it.
    expect((await ledgerRows(ids.e)).map((r) => [r.reversal, r.tiers])).toEqual([
      [false, '-5000'],
      [true, '5000'],
    ]);
    expect(await thirdPartyBalance(ids.e)).toBe(0);
    const [tracked] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "CPT_ReglementComptabilise" WHERE "ID_Structure" = $1 AND "ID_FluxFinancier" = $2`,
      [HEAD_OFFICE_STRUCTURE_ID, ids.e],
    );
    expect(tracked!.n).toBe(0);
    // Nothing more to book: the year's files hold those two entries, validated.
    expect((await csvRows('2026-09-01', '2026-11-21', ids.e)).map((r) => [r[0], r[1], r[4], r[5]])).toEqual([
      ['07/10/2026', '511000', '50,00', ''],
      ['07/10/2026', '411000', '', '50,00'],
      ['21/11/2026', '511000', '', '50,00'],
      ['21/11/2026', '411000', '50,00', ''],
    ]);
  });

  it('R-LEDG-14: every closed year’s FEC of the head office passes A47 A-1 with its RG entries; a club’s books hold none', async () => {
    for (const year of (await years()).exercices.filter((y) => y.statut === 'cloture')) {
      const response = await get(`/api/exports/fec?exercice=${year.id}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['x-export-valide']).toBe('oui');
      expect(checkFec(decodeLatin9(response.rawPayload)), year.libelle).toEqual([]);
    }
    const [rows] = await query<{ club: number; headOffice: number }>(
      `SELECT count(*) FILTER (WHERE "ID_Structure" <> $1)::int AS club, count(*) FILTER (WHERE "ID_Structure" = $1)::int AS "headOffice"
         FROM "CPT_Ecriture" WHERE "JournalCode" = 'RG'`,
      [HEAD_OFFICE_STRUCTURE_ID],
    );
    expect(rows!.club).toBe(0);
    expect(rows!.headOffice).toBeGreaterThan(0);
  });
});
