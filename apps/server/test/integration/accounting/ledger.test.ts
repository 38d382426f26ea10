import { createHash } from 'node:crypto';
import { checkFec, type FiscalYearsResponse } from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { TEST_TODAY } from '../support/test-app';
import { bearer, closeRestContext, openRestContext, type RestContext } from '../rest/rest-context';
import { decodeLatin9, insertFlux } from './accounting-fixtures';

/**
 * R-LEDG-06 to R-LEDG-11: fiscal years, validation and closing. The clock is TEST_TODAY (2026-11-21), so
 * the 2025-2026 fiscal year (1 September - 31 August) has ended and 2026-2027 is current.
 */
const SIREN = '775671356';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Every FEC the tests produce goes through the A47 A-1 checker, whatever the test looks at;
 * a brouillard (provisional numbers, no ValidDate) is not a FEC and is only split.
 */
function fecRows(bytes: Buffer, provisional = false): string[][] {
  const text = decodeLatin9(bytes);
  if (!provisional) expect(checkFec(text)).toEqual([]);
  return text
    .split('\r\n')
    .slice(1, -1)
    .map((row) => row.split('\t'));
}

/** Per journal, the sequence numbers in file order: 1, 2, 3... without a gap. */
function expectContinuousPerJournal(rows: string[][]) {
  const numbers = new Map<string, number[]>();
  let previous = '';
  for (const row of rows) {
    if (row[2] === previous) continue;
    previous = row[2]!;
    const list = numbers.get(row[0]!) ?? [];
    list.push(Number(/(\d+)$/.exec(row[2]!)?.[1]));
    numbers.set(row[0]!, list);
  }
  for (const [journal, list] of numbers) {
    expect(list, journal).toEqual(list.map((_, index) => index + 1));
  }
  return [...numbers.keys()].sort();
}

describe.each(testDatabaseTargets())('accounting periods on $name (R-LEDG-06 to R-LEDG-11)', (target) => {
  let context: RestContext;
  let app: FastifyInstance;
  let superAdmin: string;
  let club: string;

  beforeAll(async () => {
    context = await openRestContext(target, { ledgerClock: () => TEST_TODAY });
    ({ app } = context);
    ({ superAdmin, club } = context.tokens);
    await context.database.query(`UPDATE "CPT_Parametres" SET "SIREN" = $1`, [SIREN]);
    // Three journals for the club, one for the other club (its defaults), two for the head office.
    await context.database.query(
      `UPDATE "CPT_MappingFlux" SET "JournalCode" = CASE "ID_CategoryFlux" WHEN 2 THEN 'OD' WHEN 3 THEN 'BQ' ELSE 'AC' END
        WHERE "ID_Structure" = $1`,
      [context.clubId],
    );
    await context.database.query(
      `UPDATE "CPT_MappingFlux" SET "JournalCode" = 'PR' WHERE "ID_CategoryFlux" = 5
          AND "ID_Structure" = (SELECT id FROM "STR_Structure" WHERE "ID_TypeStructure" = 7 ORDER BY id LIMIT 1)`,
    );
    await insertFlux(context.database, [
      {
        structureId: context.clubId,
        label: 'Licence A',
        amount: '50.00',
        isDebit: true,
        category: 1,
        date: '2025-10-02',
      },
      {
        structureId: context.clubId,
        label: 'Avoir B',
        amount: '10.00',
        isDebit: false,
        category: 2,
        date: '2025-12-24',
      },
      {
        structureId: context.clubId,
        label: 'Affiliation C',
        amount: '300.00',
        isDebit: true,
        category: 3,
        date: '2026-03-09',
      },
      {
        structureId: context.clubId,
        label: 'Licence D',
        amount: '65.50',
        isDebit: true,
        category: 1,
        date: '2026-09-15',
      },
    ]);
  });
  afterAll(() => closeRestContext(context));

  const as = (token: string, structureId?: number) => {
    const suffix = (url: string) =>
      structureId ? `${url}${url.includes('?') ? '&' : '?'}structureId=${structureId}` : url;
    return {
      get: (url: string) => app.inject({ method: 'GET', url: suffix(url), headers: bearer(token) }),
      post: (url: string, payload?: object) =>
        app.inject({ method: 'POST', url: suffix(url), headers: bearer(token), ...(payload ? { payload } : {}) }),
      put: (url: string, payload: object) =>
        app.inject({ method: 'PUT', url: suffix(url), headers: bearer(token), payload }),
    };
  };
  const years = async (token: string, structureId?: number) => {
    const response = await as(token, structureId).get('/api/parametrages-comptables/exercices');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as FiscalYearsResponse;
  };
  const yearOf = (list: FiscalYearsResponse, label: string) => list.exercices.find((y) => y.libelle === label)!;
  /** Closes every year up to and including `label`, oldest first. */
  async function closeUpTo(token: string, structureId: number | undefined, label: string) {
    for (const year of (await years(token, structureId)).exercices) {
      if (year.statut === 'ouvert') {
        const closed = await as(token, structureId).post(`/api/parametrages-comptables/exercices/${year.id}/cloture`);
        expect(closed.statusCode, closed.body).toBe(200);
      }
      if (year.libelle === label) return;
    }
  }

  it('draws the fiscal years from the first flux to today, 1 September - 31 August by default', async () => {
    const list = await years(superAdmin, context.clubId);
    expect(list.moisDebut).toBe(9);
    expect(list.moisDebutModifiable).toBe(true);
    expect(list.peutValider).toBe(true);
    expect(list.exercices.at(-1)).toMatchObject({
      debut: '2026-09-01',
      fin: '2027-08-31',
      libelle: '2026-2027',
      statut: 'ouvert',
    });
    expect((await years(club)).peutValider).toBe(false);
  });

  it('refuses what must be refused: no grant, another structure, a future day, closing too early or out of order', async () => {
    const list = await years(superAdmin, context.clubId);
    const current = yearOf(list, '2026-2027');
    const url = `/api/parametrages-comptables/exercices/${current.id}`;
    expect((await as(club).post(`${url}/validation`, { jusquau: '2026-10-01' })).statusCode).toBe(403);
    expect((await as(context.tokens.siege).post(`${url}/validation`, { jusquau: '2026-10-01' })).statusCode).toBe(404);
    expect((await as(superAdmin, context.clubId).post(`${url}/validation`, { jusquau: '2026-02-30' })).statusCode).toBe(
      400,
    );
    const future = await as(superAdmin, context.clubId).post(`${url}/validation`, { jusquau: '2026-12-01' });
    expect(future.statusCode).toBe(409);
    expect(future.json().message).toMatch(/à venir/);
    const early = await as(superAdmin, context.clubId).post(`${url}/cloture`);
    expect(early.statusCode).toBe(409);
    const previous = yearOf(list, '2025-2026');
    if (list.exercices.indexOf(previous) > 0) {
      const outOfOrder = await as(superAdmin, context.clubId).post(
        `/api/parametrages-comptables/exercices/${previous.id}/cloture`,
      );
      expect(outOfOrder.statusCode).toBe(409);
      expect(outOfOrder.json().message).toMatch(/Clôturez d’abord|Clôturez d'abord/);
    }
  });

  it('club, three journals: closing numbers every entry without gaps; the FEC is the year, named after its closing date', async () => {
    await closeUpTo(superAdmin, context.clubId, '2025-2026');
    const year = yearOf(await years(superAdmin, context.clubId), '2025-2026');
    expect(year).toMatchObject({ statut: 'cloture', valideJusquau: '2026-08-31' });
    const response = await as(superAdmin, context.clubId).get(`/api/exports/fec?exercice=${year.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain(`${SIREN}FEC20260831.txt`);
    expect(response.headers['x-export-valide']).toBe('oui');
    const rows = fecRows(response.rawPayload);
    // AN: the opening entry the closing of 2024-2025 wrote (R-LEDG-13).
    expect(expectContinuousPerJournal(rows)).toEqual(['AC', 'AN', 'BQ', 'OD']);
    for (const row of rows) {
      expect(row[3]! >= '20250901' && row[3]! <= '20260831').toBe(true);
      expect(row[15]).toBe('20261121'); // ValidDate: the closing day
    }
    const licence = rows.find((r) => r[10] === 'Licence A' && r[4] === '401000')!;
    expect(licence.slice(4, 10)).toEqual([
      '401000',
      'Fournisseurs',
      '401FFME',
      expect.any(String),
      '2027-FFME-900001',
      '20251002',
    ]);
    // One label per account (the collective account's label, not a structure name).
    expect(new Set(rows.filter((r) => r[4] === '401000').map((r) => r[5]))).toEqual(new Set(['Fournisseurs']));
  });

  it('validated files are byte-identical after a mapping change, and their history serves the same bytes', async () => {
    const year = yearOf(await years(superAdmin, context.clubId), '2025-2026');
    const urls = [
      `/api/exports/fec?exercice=${year.id}`,
      '/api/exports/sage?from=2025-09-01&to=2026-08-31&format=pnm',
      '/api/exports/sage?from=2025-09-01&to=2026-08-31&format=csv',
    ];
    const before = await Promise.all(
      urls.map(async (url) => (await as(superAdmin, context.clubId).get(url)).rawPayload),
    );
    await context.database.query(
      `UPDATE "CPT_MappingFlux" SET "JournalCode" = 'ZZ', "CompteNumero" = '628100' WHERE "ID_Structure" = $1`,
      [context.clubId],
    );
    await context.database.query(`UPDATE "CPT_Compte" SET "Libelle" = 'Renommé' WHERE "ID_Structure" = $1`, [
      context.clubId,
    ]);
    await context.database.query(`UPDATE "STR_Structure" SET "NomStructure" = 'Autre nom' WHERE id = $1`, [
      context.clubId,
    ]);
    for (const [index, url] of urls.entries()) {
      const again = await as(superAdmin, context.clubId).get(url);
      expect(again.headers['x-export-valide'], url).toBe('oui');
      expect(sha256(again.rawPayload), url).toBe(sha256(before[index]!));
    }
    const history = (await as(superAdmin, context.clubId).get('/api/exports/sage/historique')).json() as {
      fichiers: Array<{ id: number; sha256: string; valide: boolean; format: string }>;
    };
    const fec = history.fichiers.filter((f) => f.format === 'fec');
    expect(fec.length).toBeGreaterThanOrEqual(2);
    expect(new Set(fec.map((f) => f.sha256))).toEqual(new Set([sha256(before[0]!)]));
    const [copies] = await context.database.query<{ copies: number }>(
      `SELECT count(DISTINCT "ID_Contenu")::int AS copies FROM "CPT_FichierExport" WHERE "Format" = 'fec' AND "ID_Structure" = $1`,
      [context.clubId],
    );
    expect(copies?.copies).toBe(1); // the same bytes are stored once
    const stored = await as(superAdmin, context.clubId).get(`/api/exports/sage/historique/${fec[0]!.id}/fichier`);
    expect(sha256(stored.rawPayload)).toBe(sha256(before[0]!));
    // Another structure never reads this structure's files.
    expect((await as(context.tokens.siege).get(`/api/exports/sage/historique/${fec[0]!.id}/fichier`)).statusCode).toBe(
      404,
    );
  });

  it('a flux created or changed inside a validated range lands in the next open period; nothing is back-dated', async () => {
    const firstYearBefore = (await years(superAdmin, context.clubId)).exercices[0];
    const [late, ancient] = await insertFlux(
      context.database,
      [
        {
          structureId: context.clubId,
          label: 'Arrivé tard',
          amount: '12.00',
          isDebit: true,
          category: 1,
          date: '2026-01-15',
        },
        // Before the first fiscal year: no year is drawn behind a closing, it goes to the open period.
        {
          structureId: context.clubId,
          label: 'Très ancien',
          amount: '7.00',
          isDebit: true,
          category: 1,
          date: '2019-05-05',
        },
        // A zero flux moves no money: no entry, and it never blocks a validation.
        {
          structureId: context.clubId,
          label: 'Gratuit',
          amount: '0.00',
          isDebit: true,
          category: 1,
          date: '2026-10-10',
        },
      ],
      10,
    );
    expect((await years(superAdmin, context.clubId)).exercices[0]).toEqual(firstYearBefore);
    await context.database.query(
      `UPDATE "MKP_FluxFinancier" SET "MontantTTC" = 55, "MontantHT" = 55 WHERE id = 900001`,
    );
    const list = await years(superAdmin, context.clubId);
    const current = yearOf(list, '2026-2027');
    const validated = await as(superAdmin, context.clubId).post(
      `/api/parametrages-comptables/exercices/${current.id}/validation`,
      { jusquau: '2026-11-20' },
    );
    expect(validated.statusCode, validated.body).toBe(200);
    // The year's own flux up to the day (Licence D among them), the late flux, and for the
    // changed Licence A its reversal then its new entry.
    const [own] = await context.database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM "MKP_FluxFinancier" f WHERE f."ID_Structure" = $1
          AND (f."Z_DateCreation" AT TIME ZONE 'Europe/Paris')::date BETWEEN '2026-09-01' AND '2026-11-20'
          AND NOT EXISTS (SELECT 1 FROM "MKP_FluxFinancier" o WHERE o."ID_FluxFinancierRelance" = f.id)`,
      [context.clubId],
    );
    expect(validated.json().nbEcritures).toBe(own!.count - 1 + 4); // not the zero flux; late, ancient, reversal, new
    const fec = await as(superAdmin, context.clubId).get(`/api/exports/fec?exercice=${current.id}`);
    expect(fec.headers['x-export-valide']).toBe('non'); // validated to 2026-11-20 only
    const rows = fecRows(fec.rawPayload, true);
    const lateRows = rows.filter((r) => r[8] === `2027-FFME-${late}`);
    expect(lateRows.length).toBeGreaterThan(0);
    for (const row of lateRows) expect([row[3], row[9]]).toEqual(['20260901', '20260115']);
    const ancientRows = rows.filter((r) => r[8] === `2027-FFME-${ancient}`);
    expect(ancientRows.map((r) => [r[3], r[9]])).toEqual([
      ['20260901', '20190505'],
      ['20260901', '20190505'],
    ]);
    expect(rows.some((r) => r[10] === 'Gratuit')).toBe(false);
    const reversal = rows.filter((r) => r[10]?.startsWith('Extourne '));
    expect(reversal.length).toBeGreaterThan(0);
    expect(reversal[0]![3]).toBe('20260901');
    // The closed year's FEC did not move.
    const closed = yearOf(list, '2025-2026');
    const history = (await as(superAdmin, context.clubId).get('/api/exports/sage/historique')).json() as {
      fichiers: Array<{ sha256: string; format: string; du: string }>;
    };
    const again = await as(superAdmin, context.clubId).get(`/api/exports/fec?exercice=${closed.id}`);
    expect(history.fichiers.filter((f) => f.format === 'fec' && f.du === closed.debut).map((f) => f.sha256)).toContain(
      sha256(again.rawPayload),
    );
    // The start month cannot change once entries are validated.
    const month = await as(superAdmin, context.clubId).put('/api/parametrages-comptables/exercices', { moisDebut: 1 });
    expect(month.statusCode).toBe(409);
  });

  // Two closings of a head office's year and a club's: about 50 s alone on the embedded database
  // of a quiet 2-core machine, so the suite's 60 s would fail it under CI's load.
  it(
    'head office (two journals) and another club (one journal), each with its opening entry: 0 gaps per journal; the database refuses to change an entry',
    { timeout: 240_000 },
    async () => {
      await closeUpTo(context.tokens.siege, undefined, '2025-2026');
      const headOffice = yearOf(await years(context.tokens.siege), '2025-2026');
      const fec = await as(context.tokens.siege).get(`/api/exports/fec?exercice=${headOffice.id}`);
      expect(fec.statusCode, fec.body).toBe(200);
      expect(expectContinuousPerJournal(fecRows(fec.rawPayload))).toEqual(['AN', 'PR', 'RG', 'VE']); // RG: R-LEDG-14

      await closeUpTo(superAdmin, context.otherClubId, '2025-2026');
      const other = yearOf(await years(superAdmin, context.otherClubId), '2025-2026');
      const otherFec = await as(superAdmin, context.otherClubId).get(`/api/exports/fec?exercice=${other.id}`);
      expect(expectContinuousPerJournal(fecRows(otherFec.rawPayload))).toEqual(['AC', 'AN']);

      await expect(context.database.query(`UPDATE "CPT_Ecriture" SET "Libelle" = 'x'`)).rejects.toThrow(/validée/);
      await expect(context.database.query(`DELETE FROM "CPT_EcritureLigne"`)).rejects.toThrow(/validée/);
      await expect(
        context.database.query(`UPDATE "CPT_Exercice" SET "Statut" = 'ouvert', "DateCloture" = NULL WHERE id = $1`, [
          other.id,
        ]),
      ).rejects.toThrow(/ne se rouvre pas/);
      await expect(context.database.query(`DELETE FROM "CPT_Exercice" WHERE id = $1`, [other.id])).rejects.toThrow(
        /ne peut pas être supprimé/,
      );
    },
  );

  it('a FEC needs a SIREN', async () => {
    const year = yearOf(await years(superAdmin, context.otherClubId), '2025-2026');
    await context.database.query(`UPDATE "CPT_Parametres" SET "SIREN" = NULL WHERE "ID_Structure" = $1`, [
      context.otherClubId,
    ]);
    await context.database.query(`UPDATE "STR_Structure" SET "SIREN" = NULL WHERE id = $1`, [context.otherClubId]);
    const response = await as(superAdmin, context.otherClubId).get(`/api/exports/fec?exercice=${year.id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/SIREN absent/);
  });

  it('refuses to validate while flux of the period have no mapping', async () => {
    const year = yearOf(await years(superAdmin, context.otherClubId), '2026-2027');
    await context.database.query(`DELETE FROM "CPT_MappingFlux" WHERE "ID_Structure" = $1 AND "ID_CategoryFlux" = 1`, [
      context.otherClubId,
    ]);
    await insertFlux(
      context.database,
      [
        {
          structureId: context.otherClubId,
          label: 'Sans mapping',
          amount: '1.00',
          isDebit: true,
          category: 1,
          date: '2026-10-01',
        },
      ],
      20,
    );
    const validate = () =>
      as(superAdmin, context.otherClubId).post(`/api/parametrages-comptables/exercices/${year.id}/validation`, {
        jusquau: '2026-11-01',
      });
    const unbookedCount = async () =>
      (
        await context.database.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM "MKP_FluxFinancier" f WHERE f."ID_Structure" = $1 AND f."ID_CategoryFlux" = 1
              AND f."Z_DateCreation" < '2026-11-02' AND f."MontantTTC" <> 0
              AND NOT EXISTS (SELECT 1 FROM "CPT_FluxComptabilise" b WHERE b."ID_FluxFinancier" = f.id AND b."ID_Structure" = $1)`,
          [context.otherClubId],
        )
      )[0]!.count;
    // The new flux, and the seeded ones of that category not booked yet (the demo's last weeks).
    const missing = await unbookedCount();
    expect(missing).toBeGreaterThanOrEqual(1);
    const response = await validate();
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(new RegExp(`^${missing} flux sans mapping comptable`));
    // Booked flux of that category (the closed year's) do not count: only the unbooked ones did.
    await context.database.query(`DELETE FROM "MKP_FluxFinancier" WHERE id = 900021`);
    const unbooked = { count: await unbookedCount() };
    const retried = await validate();
    expect(retried.statusCode, retried.body).toBe(unbooked.count > 0 ? 400 : 200);
  });
});
