import type { RelaunchSelectionResult, SepaReturnImportResult } from '@gdf/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, closeRestContext, openRestContext, type RestContext } from '../rest/rest-context';
import { structureOf } from '../documents/document-fixtures';
import { testDatabaseTargets } from '../support/databases';
import { loginAs } from '../support/test-app';
import { generateReturnsBatch, postReturn, RETURNS_URL, statusReport } from './sepa-returns-support';

/**
 * Attacks on the returns loop (R-RET-05, R-RET-06): an anomaly smuggled past the
 * confirmation, hostile selections and query values, another scope's flux, and concurrent
 * overlapping selections.
 */
describe.each(testDatabaseTargets())('SEPA returns under attack (R-RET-05, R-RET-06) on $name', (target) => {
  let context: RestContext;
  let batchId: number;
  let dueDay: string;
  let ids: string[];
  const fluxOf = (endToEndId: string) => Number(endToEndId.split('-').at(-1));
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await context.database.query<{ n: number }>(sql, params))[0]?.n);
  const writes = () =>
    count(`SELECT (SELECT count(*) FROM "MKP_FluxFinancier") + (SELECT count(*) FROM "MKP_RetourPrelevement")
              + (SELECT count(*) FROM "MKP_ImportRetour") + (SELECT count(*) FROM "APP_AuditLog") AS n`);
  const relaunch = (token: string, payload: unknown, headers: Record<string, string> = {}) =>
    context.app.inject({
      method: 'POST',
      url: `${RETURNS_URL}/relance`,
      headers: bearer(token, headers),
      payload: payload as object,
    });

  beforeAll(async () => {
    context = await openRestContext(target);
    const generated = await generateReturnsBatch(context);
    ({ batchId, dueDay, ids } = generated);
  });
  afterAll(() => closeRestContext(context));

  it('R-RET-05: an amount the parser cannot read (too many digits, another currency) is an anomaly, never applied unconfirmed', async () => {
    const endToEndId = ids[0] as string;
    for (const [amount, currency] of [
      ['12345678901.00', 'USD'],
      ['45.001', 'EUR'],
      ['-1.00', 'EUR'],
    ] as const) {
      const file = statusReport(batchId, [{ endToEndId, amount, currency, day: dueDay }]);
      const result = (await postReturn(context.app, context.tokens.siege, file)).json() as SepaReturnImportResult;
      expect(result.flux, `${amount} ${currency}`).toEqual([]);
      expect(result.nonAppliques.map((line) => line.ID_FluxFinancier)).toEqual([fluxOf(endToEndId)]);
      expect(result.nonAppliques[0]!.anomalies.map((anomaly) => anomaly.code)).toContain('montant');
    }
    expect(
      await count(`SELECT count(*)::int AS n FROM "MKP_RetourPrelevement" WHERE "ID_FluxFinancier" = $1`, [
        fluxOf(endToEndId),
      ]),
    ).toBe(0);
  });

  it('R-RET-05: a hostile confirmerAnomalies is a French 400 and nothing is stored', async () => {
    const file = statusReport(batchId, [{ endToEndId: ids[1] as string, amount: '1.00', day: dueDay }]);
    const before = await writes();
    for (const query of ['1', 'TRUE', 'oui', 'true%00', '', 'true&confirmerAnomalies=true']) {
      const response = await context.app.inject({
        method: 'POST',
        url: `${RETURNS_URL}?confirmerAnomalies=${query}`,
        headers: { ...bearer(context.tokens.siege), 'content-type': 'application/xml' },
        payload: file,
      });
      expect([response.statusCode, query]).toEqual([400, query]);
      expect(response.json<{ message: string }>().message).toMatch(/invalide|attendu/i);
    }
    expect(await writes()).toBe(before);
  });

  it('R-RET-06: hostile selections are a French 400 and nothing is stored', async () => {
    const own = fluxOf(ids[2] as string);
    const before = await writes();
    const bodies: unknown[] = [
      { ids: [2 ** 40] },
      { ids: [2 ** 31] },
      { ids: [0] },
      { ids: [-1] },
      { ids: [1.5] },
      { ids: [own, null] },
      { ids: ['1\u0000'] },
      { ids: [own], extra: true },
      { ids: Array.from({ length: 5001 }, (_, index) => index + 1) },
      { ids: 'tous' },
    ];
    for (const body of bodies) {
      const response = await relaunch(context.tokens.siege, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/invalide|attendu|au plus|Aucun flux/i);
    }
    expect(await writes()).toBe(before);
  });

  it('R-RET-06: a flux of another scope reads exactly as one that does not exist; nothing is relaunched', async () => {
    // The club holds no relaunch grant: refused before anything is read.
    const club = await relaunch(context.tokens.club, { ids: [fluxOf(ids[2] as string)] });
    expect(club.statusCode).toBe(403);
    // Every role granted the relaunch here, so that only the scope stands between the ligue
    // (which sees its own structure only) and a debit of the head office's batch.
    await context.database.query(
      `UPDATE "FEDE_RoleModule" SET "EST_Acces" = true
        WHERE "SlugModule" = 'gestion_des_finances__flux_financiers' AND "Action" = 'relance'`,
    );
    const ligue = await loginAs(context.app, 'ligue@demo.fr');
    const ligueId = await structureOf(context.database, 'ligue@demo.fr');
    const [foreign] = await context.database.query<{ id: number }>(
      `SELECT id FROM "MKP_FluxFinancier" WHERE "ID_Traitement" = $1 AND "ID_Structure" <> $2 ORDER BY id LIMIT 1`,
      [batchId, ligueId],
    );
    expect(foreign).toBeDefined();
    const before = await writes();
    const outOfScope = await relaunch(ligue, { ids: [foreign!.id] });
    const missing = await relaunch(ligue, { ids: [2_147_483_000] });
    expect([outOfScope.statusCode, missing.statusCode]).toEqual([400, 400]);
    expect(outOfScope.json<{ message: string }>().message.replace(String(foreign!.id), 'N')).toBe(
      missing.json<{ message: string }>().message.replace('2147483000', 'N'),
    );
    expect(await writes()).toBe(before);
    await context.database.query(
      `UPDATE "FEDE_RoleModule" SET "EST_Acces" = false
        WHERE "SlugModule" = 'gestion_des_finances__flux_financiers' AND "Action" = 'relance'
          AND "ID_Role" IN (SELECT id FROM "FEDE_Role" WHERE "SlugRole" NOT IN ('super_administrateur', 'administrateur_si'))`,
    );
  });

  it('R-RET-06: ten concurrent overlapping selections create exactly one new debit per flux, none refused', async () => {
    const selection = ids.slice(2, 8).map(fluxOf);
    // Sliding windows of three over the six flux, half of them in reverse order, twice over.
    const calls = Array.from({ length: 10 }, (_, index) => {
      const window = [0, 1, 2].map((offset) => selection[(index + offset) % selection.length]!);
      return index % 2 === 0 ? window : [...window].reverse();
    });
    const responses = await Promise.all(calls.map((call) => relaunch(context.tokens.siege, { ids: call })));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const created = responses.flatMap((response) => (response.json() as RelaunchSelectionResult).relances);
    expect(created.map((pair) => pair.ID_FluxFinancier).sort((a, b) => a - b)).toEqual(
      [...selection].sort((a, b) => a - b),
    );
    const copies = await count(
      `SELECT count(*)::int AS n FROM "MKP_FluxFinancier" c
        WHERE c.id IN (SELECT o."ID_FluxFinancierRelance" FROM "MKP_FluxFinancier" o WHERE o.id = ANY($1::int[]))`,
      [selection],
    );
    expect(copies).toBe(selection.length);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM "APP_AuditLog" WHERE "Action" = 'relance_flux' AND "ID_Cible" = ANY($1::int[])`,
        [selection],
      ),
    ).toBe(selection.length);
  });
});
