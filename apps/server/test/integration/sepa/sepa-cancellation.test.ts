import type { SepaBatch, SepaBatchCancellation } from '@gdf/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { closeRestContext, openRestContext, type RestContext } from '../rest/rest-context';
import { collectionDate, elements, generate, get, validateAgainstXsd } from './sepa-support';

const cancelUrl = (id: number) => `/api/exports/sepa/batches/${id}/cancel`;

/** R-SEPA-08: 'Annuler le lot' before the file reaches the bank. */
describe.each(testDatabaseTargets())('SEPA batch cancellation on $name', (target) => {
  let context: RestContext;
  beforeAll(async () => {
    context = await openRestContext(target);
  });
  afterAll(() => closeRestContext(context));

  const cancel = (token: string, id: number) =>
    context.app.inject({ method: 'POST', url: cancelUrl(id), headers: { authorization: `Bearer ${token}` } });
  const fluxIdsOf = (xml: string) =>
    elements(xml, 'EndToEndId')
      .map((id) => Number(id.split('-').at(-1)))
      .sort((a, b) => a - b);
  const fluxOfBatch = async (batchId: number) =>
    (
      await context.database.query<{ id: number }>(
        `SELECT id FROM "MKP_FluxFinancier" WHERE "ID_Traitement" = $1 ORDER BY id`,
        [batchId],
      )
    ).map((row) => row.id);
  const batches = async () =>
    (await get(context.app, context.tokens.siege, '/api/exports/sepa/batches')).json() as SepaBatch[];
  const generated = async () => {
    const response = await generate(context.app, context.tokens.siege, { dateEcheance: collectionDate() });
    expect(response.statusCode, response.body).toBe(200);
    return { id: Number(response.headers['x-sepa-batch-id']), xml: response.body };
  };

  let first: { id: number; xml: string };

  it('releases the flux of a cancelled batch, once, even when two cancellations run at once', async () => {
    first = await generated();
    const flux = fluxIdsOf(first.xml);
    expect(flux.length).toBeGreaterThan(0);
    const listed = (await batches()).find((b) => b.id === first.id) as SepaBatch;
    expect(listed).toMatchObject({ annulable: true, annuleLe: null, annulePar: null, fichierDisponible: true });

    const responses = await Promise.all([
      cancel(context.tokens.siege, first.id),
      cancel(context.tokens.superAdmin, first.id),
    ]);
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses, responses.map((r) => r.body).join('\n')).toEqual([200, 409]);
    const done = responses.find((r) => r.statusCode === 200)?.json() as SepaBatchCancellation;
    expect(done).toMatchObject({ id: first.id, nbFluxLiberes: flux.length });
    expect(done.totalCents).toBe(listed.totalCents);
    expect(responses.find((r) => r.statusCode === 409)?.json().message).toBe('Ce lot SEPA est déjà annulé.');
    expect(await fluxOfBatch(first.id)).toEqual([]);

    const audit = await context.database.query<{ ID_Utilisateur: number; Details: Record<string, unknown> }>(
      `SELECT "ID_Utilisateur", "Details" FROM "APP_AuditLog" WHERE "Action" = 'annulation_sepa' AND "ID_Cible" = $1`,
      [first.id],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.Details).toMatchObject({ nbFluxLiberes: flux.length, totalCents: listed.totalCents });
    expect(audit[0]?.ID_Utilisateur).toBeGreaterThan(0);
  });

  it('keeps the cancelled batch in the history, refuses its file, and refuses a second cancellation', async () => {
    const listed = (await batches()).find((b) => b.id === first.id) as SepaBatch;
    expect(listed.annuleLe).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(listed.annulePar?.length).toBeGreaterThan(0);
    expect(listed).toMatchObject({ annulable: false, fichierDisponible: false, nbFlux: fluxIdsOf(first.xml).length });
    const file = await get(context.app, context.tokens.siege, `/api/exports/sepa/batches/${first.id}/file`);
    expect(file.statusCode).toBe(410);
    expect(file.json().message).toMatch(/^Ce lot SEPA a été annulé : son fichier ne peut plus être téléchargé/);
    const again = await cancel(context.tokens.siege, first.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Ce lot SEPA est déjà annulé.');
  });

  it('puts the released flux in the next file', async () => {
    const next = await generated();
    await validateAgainstXsd(next.xml, 'pain.008.001.08');
    expect(fluxIdsOf(next.xml)).toEqual(fluxIdsOf(first.xml));
    expect(await fluxOfBatch(next.id)).toEqual(fluxIdsOf(first.xml));
    first = next;
  });

  it('refuses once the bank answered for one of its flux (settled or relaunched)', async () => {
    const [one] = fluxIdsOf(first.xml);
    await context.database.query(`UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = true WHERE id = $1`, [one]);
    expect((await batches()).find((b) => b.id === first.id)?.annulable).toBe(false);
    const settled = await cancel(context.tokens.siege, first.id);
    expect(settled.statusCode).toBe(409);
    expect(settled.json().message).toMatch(/déjà été marqués réglés/);
    await context.database.query(`UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = false WHERE id = $1`, [one]);
    expect(await fluxOfBatch(first.id)).toEqual(fluxIdsOf(first.xml)); // nothing released
  });

  it('refuses once the bank returned one of its flux (a recorded reject, R-RET-02)', async () => {
    const [one] = fluxIdsOf(first.xml);
    const db = context.database;
    const [file] = await db.query<{ id: number }>(
      `INSERT INTO "DOC_Contenu" ("Nature", "Octets", "Sha256", "Taille", "TypeMime")
       VALUES ('retour_sepa', '\\x3c2f3e'::bytea, repeat('a', 64), 3, 'application/xml') RETURNING id`,
    );
    const [report] = await db.query<{ id: number }>(
      `INSERT INTO "MKP_ImportRetour" ("Sha256", "NomFichier", "Format", "ID_Contenu")
       VALUES (repeat('b', 64), 'pain002.xml', 'pain.002.001.03', $1) RETURNING id`,
      [file!.id],
    );
    await db.query(
      `INSERT INTO "MKP_RetourPrelevement" ("ID_FluxFinancier", "ID_ImportRetour", "TypeRetour", "CodeRaison", "DateRetour", "EndToEndId")
       VALUES ($1, $2, 'rejet', 'AM04', CURRENT_DATE, 'GDF-0-0')`,
      [one, report!.id],
    );
    expect((await batches()).find((b) => b.id === first.id)?.annulable).toBe(false);
    expect((await cancel(context.tokens.siege, first.id)).statusCode).toBe(409);
    expect(await fluxOfBatch(first.id)).toEqual(fluxIdsOf(first.xml)); // nothing released
    await db.query(`DELETE FROM "MKP_RetourPrelevement" WHERE "ID_ImportRetour" = $1`, [report!.id]);
    await db.query(`DELETE FROM "MKP_ImportRetour" WHERE id = $1`, [report!.id]);
    await db.query(`DELETE FROM "DOC_Contenu" WHERE id = $1`, [file!.id]);
  });

  it('answers 404 for an unknown batch or one outside the scope, 403 without the SEPA module', async () => {
    const unknown = await cancel(context.tokens.siege, 999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Lot SEPA introuvable');
    const club = await cancel(context.tokens.club, first.id);
    expect(club.statusCode).toBe(403);
    // Another federation's batch: the head office cannot see it, so it is not found.
    const [foreign] = await context.database.query<{ id: number }>(
      `WITH fede AS (INSERT INTO "STR_Structure" ("NomStructure", "ID_TypeStructure") VALUES ('Autre fédération', 7) RETURNING id)
       INSERT INTO "MKP_Traitement" ("TypeTraitement", "ID_Structure", "NomFichier")
       SELECT 'prelevement_sepa', id, 'autre.xml' FROM fede RETURNING id`,
    );
    const outOfScope = await cancel(context.tokens.siege, foreign?.id as number);
    expect(outOfScope.statusCode, outOfScope.body).toBe(404);
    expect(outOfScope.json().message).toBe('Lot SEPA introuvable');
    expect(await fluxOfBatch(first.id)).toEqual(fluxIdsOf(first.xml));
  });

  it('a cancellation racing a generation never leaves a flux in two batches', async () => {
    const [cancelled, regenerated] = await Promise.all([
      cancel(context.tokens.siege, first.id),
      generate(context.app, context.tokens.superAdmin, { dateEcheance: collectionDate() }),
    ]);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect([200, 409]).toContain(regenerated.statusCode);
    expect(await fluxOfBatch(first.id)).toEqual([]);
    const rest = await context.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "MKP_FluxFinancier" f JOIN "MKP_Traitement" t ON t.id = f."ID_Traitement"
        WHERE t."DateAnnulation" IS NOT NULL`,
    );
    expect(rest[0]?.n).toBe(0);
    if (regenerated.statusCode === 200) {
      const batchId = Number(regenerated.headers['x-sepa-batch-id']);
      expect(await fluxOfBatch(batchId)).toEqual(fluxIdsOf(regenerated.body));
    }
    // Whatever the order, the released flux are in at most one standing batch, or free again.
    const last = await generate(context.app, context.tokens.siege, { dateEcheance: collectionDate() });
    const lastIds = last.statusCode === 200 ? fluxIdsOf(last.body) : [];
    const taken = regenerated.statusCode === 200 ? fluxIdsOf(regenerated.body) : [];
    expect([...taken, ...lastIds].sort((a, b) => a - b)).toEqual(fluxIdsOf(first.xml));
  });
});
