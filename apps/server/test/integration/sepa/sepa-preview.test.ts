import type { SepaPreview } from '@gdf/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { bearer, closeRestContext, openRestContext, type RestContext } from '../rest/rest-context';
import { addDueFluxForExcludedStructures, collectionDate, generate, get, PREVIEW_URL } from './sepa-support';

describe.each(testDatabaseTargets())('SEPA preview and permissions on $name', (target) => {
  let context: RestContext;
  beforeAll(async () => {
    context = await openRestContext(target);
    await addDueFluxForExcludedStructures(context.database);
  });
  afterAll(() => closeRestContext(context));

  it('groups collectable flux by structure and lists excluded structures with a French reason', async () => {
    const response = await get(context.app, context.tokens.siege, `${PREVIEW_URL}?dateEcheance=${collectionDate()}`);
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json() as SepaPreview;
    expect(preview.structures.length).toBeGreaterThan(0);
    expect(preview.nbFlux).toBe(preview.structures.reduce((sum, s) => sum + s.nbFlux, 0));
    expect(preview.totalCents).toBe(preview.structures.reduce((sum, s) => sum + s.totalCents, 0));
    // Each structure comes with its federal code, which the page's search box matches.
    const [first] = preview.structures;
    const [code] = await context.database.query<{ ID_CodeFederal: string | null }>(
      'SELECT "ID_CodeFederal" FROM "STR_Structure" WHERE id = $1',
      [first?.ID_Structure],
    );
    expect(first?.ID_CodeFederal).toBe(code?.ID_CodeFederal);
    expect(preview.structures.some((s) => typeof s.ID_CodeFederal === 'string')).toBe(true);
    const codes = new Set(preview.exclues.map((s) => s.code));
    // The seed has structures without RIB and with an expired mandate (fixture flux added above).
    expect([...codes]).toEqual(expect.arrayContaining(['sans_rib', 'mandat_expire']));
    for (const excluded of preview.exclues) expect(excluded.motif).toMatch(/[a-zé]/);
    const [expected] = await context.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "MKP_FluxFinancier" f JOIN "STR_Structure" s ON s.id = f."ID_Structure"
        WHERE f."ID_CategoryFlux" = 5 AND f."EST_Debit" AND NOT f."EST_Reglement" AND f."ID_Traitement" IS NULL
          AND f."ID_FluxFinancierRelance" IS NULL AND f."MontantTTC" > 0 AND (s.id = 1318 OR s."ID_Federation" = 1318)`,
    );
    expect(preview.nbFlux + preview.exclues.reduce((sum, s) => sum + s.nbFlux, 0)).toBe(expected?.n);
  });

  it('refuses a club user (403) on every SEPA route', async () => {
    const token = context.tokens.club;
    const date = collectionDate();
    for (const response of [
      await get(context.app, token, `${PREVIEW_URL}?dateEcheance=${date}`),
      await generate(context.app, token, { dateEcheance: date }),
      await get(context.app, token, '/api/exports/sepa/batches'),
      await get(context.app, token, '/api/exports/sepa/batches/1/file'),
    ]) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().message).toMatch(/droits/);
    }
  });

  it('refuses a collection date in the past or malformed, in French', async () => {
    const past = await get(context.app, context.tokens.siege, `${PREVIEW_URL}?dateEcheance=2020-01-02`);
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/passé/);
    const malformed = await context.app.inject({
      method: 'POST',
      url: '/api/exports/sepa/prelevements',
      headers: bearer(context.tokens.siege),
      payload: { dateEcheance: '2026-02-30', version: 'pain.008.001.99' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/invalide/);
  });
});
