import { checkFec, type FiscalYearsResponse } from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { TEST_TODAY } from '../support/test-app';
import { bearer, closeRestContext, openRestContext, type RestContext } from '../rest/rest-context';
import { decodeLatin9, insertFlux, openingBalances, statementRuleBalance } from './accounting-fixtures';

/**
 * R-LEDG-09, R-LEDG-13: closing a fiscal year, including one already validated to its last day,
 * and the next year's opening entries. The clock is TEST_TODAY (2026-11-21): 2025-2026 has ended.
 */
const TODAY = '2026-11-21';

/**
 * Closing a year validates and numbers every entry of the seeded books: 35-50 s on the embedded
 * database of a quiet 2-core machine, twice that loaded. The bound is the machine's, not the rule's.
 */
const CLOSING_TIMEOUT_MS = 300_000;

describe.each(testDatabaseTargets())('closing fiscal years on $name (R-LEDG-09, R-LEDG-13)', (target) => {
  let context: RestContext;
  let app: FastifyInstance;
  let superAdmin: string;

  beforeAll(async () => {
    context = await openRestContext(target, { ledgerClock: () => TEST_TODAY });
    ({ app } = context);
    ({ superAdmin } = context.tokens);
    await context.database.query(`UPDATE "CPT_Parametres" SET "SIREN" = '775671356'`);
    const flux = (label: string, amount: string, isDebit: boolean, category: number, date: string) => ({
      structureId: context.clubId,
      label,
      amount,
      isDebit,
      category,
      date,
    });
    await insertFlux(context.database, [
      flux('Licence 2024', '40.00', true, 1, '2024-10-01'),
      flux('Licence A', '50.00', true, 1, '2025-10-02'),
      flux('Avoir B', '10.00', false, 2, '2025-12-24'),
      flux('Affiliation C', '300.00', true, 3, '2026-03-09'),
      flux('Licence D', '65.50', true, 1, '2026-09-15'),
    ]);
  });
  afterAll(() => closeRestContext(context));

  const years = async (token: string, structureId?: number) => {
    const query = structureId ? `?structureId=${structureId}` : '';
    const response = await app.inject({
      method: 'GET',
      url: `/api/parametrages-comptables/exercices${query}`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as FiscalYearsResponse).exercices;
  };
  const post = (token: string, url: string, structureId?: number, payload?: object) =>
    app.inject({
      method: 'POST',
      url: `/api/parametrages-comptables/exercices/${url}${structureId ? `?structureId=${structureId}` : ''}`,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });

  it(
    'R-LEDG-09: a year validated to its last day, then closed: 200, closed, and so are the years after it',
    async () => {
      for (const year of (await years(superAdmin, context.clubId)).filter((y) => y.fin < TODAY)) {
        const validated = await post(superAdmin, `${year.id}/validation`, context.clubId, { jusquau: year.fin });
        expect(validated.statusCode, validated.body).toBe(200);
        const closed = await post(superAdmin, `${year.id}/cloture`, context.clubId);
        expect(closed.statusCode, closed.body).toBe(200);
        expect(closed.json().exercice).toMatchObject({ statut: 'cloture', valideJusquau: year.fin });
        expect(closed.json().nbEcritures).toBe(0);
      }
      const after = await years(superAdmin, context.clubId);
      expect(after.filter((y) => y.fin < TODAY).every((y) => y.statut === 'cloture')).toBe(true);
      expect(after.filter((y) => y.fin < TODAY).length).toBeGreaterThan(0);
    },
    CLOSING_TIMEOUT_MS,
  );

  const download = async (token: string, url: string, structureId?: number) => {
    const response = await app.inject({
      method: 'GET',
      url: `${url}${structureId ? `&structureId=${structureId}` : ''}`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return { text: decodeLatin9(response.rawPayload), valid: response.headers['x-export-valide'] === 'oui' };
  };
  const fecRows = (text: string) =>
    text
      .split('\r\n')
      .slice(1, -1)
      .map((row) => row.split('\t'));

  it('R-LEDG-13: the next year opens with its AN entry, first in its FEC, PNM and CSV; every closed year’s FEC passes A47 A-1', async () => {
    const list = await years(superAdmin, context.clubId);
    const closed = list.filter((y) => y.statut === 'cloture');
    for (const [index, year] of closed.entries()) {
      const fec = await download(superAdmin, `/api/exports/fec?exercice=${year.id}`, context.clubId);
      expect(fec.valid, year.libelle).toBe(true);
      expect(checkFec(fec.text), year.libelle).toEqual([]);
      const rows = fecRows(fec.text);
      // From the second closed year on, the year opens with the previous year's balances.
      const opening = rows.filter((r) => r[0] === 'AN');
      if (index > 0 && opening.length > 0)
        expect(rows[0]!.slice(0, 4)).toEqual([
          'AN',
          'À nouveaux',
          `AN${year.fin.slice(0, 4)}-000001`,
          year.debut.replaceAll('-', ''),
        ]);
    }
    const current = list.find((y) => y.libelle === '2026-2027')!;
    const fec = await download(superAdmin, `/api/exports/fec?exercice=${current.id}`, context.clubId);
    const rows = fecRows(fec.text);
    const opening = rows.filter((r) => r[0] === 'AN');
    expect(rows.slice(0, opening.length)).toEqual(opening); // first in the file
    expect(opening.map((r) => [r[2], r[3], r[8], r[9], r[10], r[15]])).toEqual(
      opening.map(() => [
        'AN2027-000001',
        '20260901',
        'AN-2026-2027',
        '20260901',
        "À nouveaux de l'exercice 2025-2026",
        '20261121',
      ]),
    );
    // The club owes the federation what it was billed and not settled by a bank entry: 401FFME
    // credited; its expenses (classes 6) are not carried, the year's result is (129000).
    const supplier = opening.find((r) => r[6] === '401FFME')!;
    expect(supplier[4]).toBe('401000');
    expect(opening.some((r) => r[4]!.startsWith('6') || r[4]!.startsWith('7'))).toBe(false);
    const cents = (text: string) => Number(text.replace(',', ''));
    const debit = opening.reduce((sum, r) => sum + cents(r[11]!), 0);
    const credit = opening.reduce((sum, r) => sum + cents(r[12]!), 0);
    expect(debit).toBe(credit);
    // Its balance over the closed year's entries, that year's own opening entry included.
    const [ledger] = await context.database.query<{ balance: string }>(
      `SELECT (sum(l."Credit") - sum(l."Debit"))::text AS balance FROM "CPT_Ecriture" e
         JOIN "CPT_EcritureLigne" l ON l."ID_Ecriture" = e.id
        WHERE e."ID_Exercice" = $1 AND l."CompAuxNum" = '401FFME'`,
      [list.find((y) => y.libelle === '2025-2026')!.id],
    );
    expect(cents(supplier[12]!) - cents(supplier[11]!)).toBe(Number(ledger!.balance));

    const pnm = await download(
      superAdmin,
      '/api/exports/sage?from=2026-09-01&to=2026-09-30&format=pnm',
      context.clubId,
    );
    expect(pnm.text.split('\r\n')[0]!.slice(0, 5)).toBe('AN 01');
    expect(pnm.text.split('\r\n')[0]).toContain('AN-2026-2027');
    const csv = await download(
      superAdmin,
      '/api/exports/sage?from=2026-09-01&to=2026-09-30&format=csv',
      context.clubId,
    );
    expect(csv.text.split('\r\n')[1]!.split(';').slice(0, 2)).toEqual(['AN', '01/09/2026']);
  });

  it('R-LEDG-13: an opening entry is written once per year; AN is refused as a flux mapping journal', async () => {
    const [counted] = await context.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "CPT_Ecriture" e JOIN "CPT_Exercice" x ON x.id = e."ID_Exercice"
        WHERE e."ID_Structure" = $1 AND e."JournalCode" = 'AN' AND x."DateDebut" = '2026-09-01'`,
      [context.clubId],
    );
    expect(counted!.n).toBe(1);
    const refused = await app.inject({
      method: 'POST',
      url: `/api/parametrages-comptables/mappings-flux?structureId=${context.clubId}`,
      headers: bearer(superAdmin),
      payload: { ID_CategoryFlux: 1, CompteNumero: '706000', JournalCode: 'AN' },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.body).toMatch(/AN est réservé/);
  });

  it(
    'R-LEDG-13, R-STMT-02: the head office carries each structure’s balance; against the statement rule at the closing day',
    async () => {
      const siege = context.tokens.siege;
      for (const year of (await years(siege)).filter((y) => y.fin < TODAY)) {
        const closed = await post(siege, `${year.id}/cloture`);
        expect(closed.statusCode, closed.body).toBe(200);
      }
      const [headOffice] = await context.database.query<{ id: number; prefix: string }>(
        `SELECT p."ID_Structure" AS id, p."TiersPrefixe" AS prefix FROM "CPT_Parametres" p
         JOIN "STR_Structure" s ON s.id = p."ID_Structure" WHERE s."ID_TypeStructure" = 7 ORDER BY s.id LIMIT 1`,
      );
      const carried = await openingBalances(context.database, headOffice!.id, '2026-09-01');
      expect(carried.size).toBeGreaterThan(1);
      const booked = await context.database.query<{ structureId: number; code: string }>(
        `SELECT DISTINCT f."ID_Structure" AS "structureId", s."ID_CodeFederal" AS code FROM "CPT_FluxComptabilise" b
         JOIN "MKP_FluxFinancier" f ON f.id = b."ID_FluxFinancier" JOIN "STR_Structure" s ON s.id = f."ID_Structure"
        WHERE b."ID_Structure" = $1`,
        [headOffice!.id],
      );
      let compared = 0;
      const gaps: string[] = [];
      for (const { structureId, code } of booked) {
        // The statement rule closes a flux on its settlement day whatever settled it; the ledger
        // books every settlement (a bank reconciliation's in BQ, any other in RG), so the balance
        // carried is the statement's, to the cent.
        const rule = await statementRuleBalance(context.database, structureId, '2026-08-31');
        const ledger = carried.get(`${headOffice!.prefix}${code}`) ?? 0;
        if (ledger !== rule) gaps.push(`${structureId}: ${ledger} ≠ ${rule}`);
        compared += 1;
      }
      expect(compared).toBeGreaterThan(1);
      expect(gaps).toEqual([]);
      // The seed settles flux without bank reconciliations: their settlement entries are there.
      const [unreconciled] = await context.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "CPT_Ecriture" e JOIN "CPT_Exercice" x ON x.id = e."ID_Exercice"
        WHERE e."ID_Structure" = $1 AND e."JournalCode" = 'RG' AND x."DateFin" <= '2026-08-31'`,
        [headOffice!.id],
      );
      const settled = unreconciled!.n;
      expect(settled).toBeGreaterThan(0);
      console.log(
        `R-LEDG-13 balances: ${compared} structures carried at the statement rule's balance; ${settled} settlements booked outside bank reconciliations`,
      );
    },
    CLOSING_TIMEOUT_MS,
  );
});
