import type { SepaBatch, SepaPreview } from '@gdf/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { closeRestContext, openRestContext, type RestContext } from '../rest/rest-context';
import {
  addDueFluxForExcludedStructures,
  collectionDate,
  elements,
  generate,
  get,
  PREVIEW_URL,
  validateAgainstXsd,
} from './sepa-support';

describe.each(testDatabaseTargets())('SEPA file generation on $name', (target) => {
  let context: RestContext;
  const files: string[] = [];
  beforeAll(async () => {
    context = await openRestContext(target);
    await addDueFluxForExcludedStructures(context.database);
  });
  afterAll(() => closeRestContext(context));

  const batchOf = async (fluxIds: number[]) =>
    context.database.query<{ id: number; batch: number | null }>(
      `SELECT id, "ID_Traitement" AS batch FROM "MKP_FluxFinancier" WHERE id = ANY($1::int[])`,
      [fluxIds],
    );
  const fluxIdsOf = (xml: string) => elements(xml, 'EndToEndId').map((id) => Number(id.split('-').at(-1)));

  it('generates a pain.008.001.02 file for one season, valid against its XSD', async () => {
    const date = collectionDate();
    const seasons = await context.database.query<{ s: number }>(
      `SELECT DISTINCT "ID_Saison" AS s FROM "MKP_FluxFinancier" WHERE "ID_CategoryFlux" = 5 ORDER BY 1`,
    );
    let season: number | undefined;
    for (const { s } of seasons) {
      const preview = (
        await get(context.app, context.tokens.siege, `${PREVIEW_URL}?dateEcheance=${date}&saison=${s}`)
      ).json() as SepaPreview;
      if (preview.nbFlux > 0) season = s;
    }
    expect(season).toBeDefined();
    const response = await generate(context.app, context.tokens.siege, {
      dateEcheance: date,
      saison: season,
      version: 'pain.008.001.02',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/xml/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="prelevements-sepa-\d+-.*\.xml"/);
    await validateAgainstXsd(response.body, 'pain.008.001.02');
    expect(elements(response.body, 'ReqdColltnDt')).toEqual([date]);
    const batch = Number(response.headers['x-sepa-batch-id']);
    const rows = await batchOf(fluxIdsOf(response.body));
    expect(rows.map((row) => row.batch)).toEqual(rows.map(() => batch));
    files.push(response.body);
  });

  it('two concurrent generations share no flux, and every file is valid', async () => {
    const date = collectionDate();
    const responses = await Promise.all([
      generate(context.app, context.tokens.siege, { dateEcheance: date }),
      generate(context.app, context.tokens.superAdmin, { dateEcheance: date }),
    ]);
    const ok = responses.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThan(0);
    for (const r of responses.filter((r) => r.statusCode !== 200)) expect(r.statusCode, r.body).toBe(409);
    for (const r of ok) await validateAgainstXsd(r.body, 'pain.008.001.08');
    const ids = [...files, ...ok.map((r) => r.body)].flatMap((xml) => elements(xml, 'EndToEndId'));
    expect(new Set(ids).size).toBe(ids.length);
    const fluxIds = ids.map((id) => Number(id.split('-').at(-1)));
    expect(new Set(fluxIds).size).toBe(fluxIds.length);
    const [claimed] = await context.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "MKP_FluxFinancier" f JOIN "MKP_Traitement" t ON t.id = f."ID_Traitement"
        WHERE t."TypeTraitement" = 'prelevement_sepa' AND t."NomFichier" LIKE 'prelevements-sepa-%'`,
    );
    expect(claimed?.n).toBe(fluxIds.length);
    files.push(...ok.map((r) => r.body));
  });

  it('finds nothing left to collect the second time (409, French message)', async () => {
    const again = await generate(context.app, context.tokens.siege, { dateEcheance: collectionDate() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/Aucun prélèvement à générer/);
    const preview = (
      await get(context.app, context.tokens.siege, `${PREVIEW_URL}?dateEcheance=${collectionDate()}`)
    ).json() as SepaPreview;
    expect(preview.nbFlux).toBe(0);
    expect(preview.exclues.length).toBeGreaterThan(0); // excluded structures keep their flux
  });

  it('lists past files with their author and serves them again, audited', async () => {
    const list = await get(context.app, context.tokens.siege, '/api/exports/sepa/batches');
    expect(list.statusCode, list.body).toBe(200);
    const batches = list.json() as SepaBatch[];
    const ours = batches.filter((b) => b.NomFichier.startsWith('prelevements-sepa-')); // the seed has older batches
    expect(ours).toHaveLength(files.length);
    expect(ours.every((b) => b.auteur.length > 0 && b.nbFlux > 0 && b.totalCents > 0)).toBe(true);
    expect(ours.every((b) => b.fichierDisponible)).toBe(true);
    // The seeded history has batches but no files: listed as such, and 404 if asked for.
    const seeded = batches.find((b) => !b.NomFichier.startsWith('prelevements-sepa-')) as SepaBatch;
    expect(seeded.fichierDisponible).toBe(false);
    expect(
      (await get(context.app, context.tokens.siege, `/api/exports/sepa/batches/${seeded.id}/file`)).statusCode,
    ).toBe(404);
    const oldest = ours.at(-1) as SepaBatch;
    const file = await get(context.app, context.tokens.siege, `/api/exports/sepa/batches/${oldest.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(files[0]);
    expect(file.headers['content-disposition']).toContain(oldest.NomFichier);
    const missing = await get(context.app, context.tokens.siege, '/api/exports/sepa/batches/999999/file');
    expect(missing.statusCode).toBe(404);
    const [audit] = await context.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "APP_AuditLog" WHERE "Action" = 'export_sepa' AND "ID_Utilisateur" IS NOT NULL`,
    );
    expect(audit?.n).toBe(files.length); // the seeded batches' rows name no user
  });
});
