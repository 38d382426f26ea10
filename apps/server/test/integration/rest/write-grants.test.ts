import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { testDatabaseTargets } from '../support/databases';
import { buildTestApp, loginAs, seedSmall } from '../support/test-app';
import { collectionDate } from '../sepa/sepa-support';
import { camt053Xml } from '../support/statement-writer';
import { bearer } from './rest-context';

/**
 * R-PERM-06: reading a module and writing in it are separate permissions, held as data
 * (FEDE_RoleModule role x module x action). With the write row of a module switched off,
 * the same user still reads it but every write is refused in French, and nothing changes.
 */
describe.each(testDatabaseTargets())('read without write (permissions as data) on $name', (target) => {
  let database: Database;
  let app: FastifyInstance;
  let ligue: string;
  let siege: string;

  beforeAll(async () => {
    database = await target.open();
    await seedSmall(database);
    // Before any request loads the actors: the ligue keeps reading its chart of accounts but
    // may no longer change it; the head office keeps the SEPA preview but may not generate.
    await database.query(
      `UPDATE "FEDE_RoleModule" SET "EST_Acces" = false WHERE "Action" = 'ecriture' AND (
         ("SlugModule" = 'parametrages_comptables__plan_comptable'
            AND "ID_Role" = (SELECT id FROM "FEDE_Role" WHERE "SlugRole" = 'administrateur_at'))
      OR ("SlugModule" = 'export__sepa' AND "ID_Role" = (SELECT id FROM "FEDE_Role" WHERE "SlugRole" = 'administrateur_si')))`,
    );
    // The ligue keeps the Impayés list but may no longer issue reminder letters.
    await database.query(
      `UPDATE "FEDE_RoleModule" SET "EST_Acces" = false
        WHERE "Action" = 'lettre_relance' AND "SlugModule" = 'gestion_des_finances__flux_financiers'
          AND "ID_Role" = (SELECT id FROM "FEDE_Role" WHERE "SlugRole" = 'administrateur_at')`,
    );
    // The ligue keeps the flux settings' read but may no longer change a billing address (R-MAIL-07).
    await database.query(
      `UPDATE "FEDE_RoleModule" SET "EST_Acces" = false
        WHERE "Action" = 'ecriture' AND "SlugModule" = 'parametrages_comptables__flux_financier'
          AND "ID_Role" = (SELECT id FROM "FEDE_Role" WHERE "SlugRole" = 'administrateur_at')`,
    );
    app = await buildTestApp(database);
    ligue = await loginAs(app, 'ligue@demo.fr');
    siege = await loginAs(app, 'siege@demo.fr');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('accounting settings: the chart of accounts is read, never written', async () => {
    const url = '/api/parametrages-comptables/comptes';
    const list = await app.inject({ method: 'GET', url, headers: bearer(ligue) });
    expect(list.statusCode, list.body).toBe(200);
    const [first] = list.json() as Array<{ id: number; Numero: string; Libelle: string }>;
    const writes = [
      await app.inject({ method: 'POST', url, headers: bearer(ligue), payload: { Numero: '706500', Libelle: 'X' } }),
      await app.inject({
        method: 'PUT',
        url: `${url}/${first?.id}`,
        headers: bearer(ligue),
        payload: { Numero: first?.Numero, Libelle: 'Renommé' },
      }),
      await app.inject({ method: 'DELETE', url: `${url}/${first?.id}`, headers: bearer(ligue) }),
    ];
    for (const response of writes) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().message).toBe("Vous n'avez pas le droit de modifier ces données.");
    }
    const after = await app.inject({ method: 'GET', url, headers: bearer(ligue) });
    expect(after.json()).toEqual(list.json());
    // Another settings page whose write row is on: still writable by the same user.
    const section = await app.inject({
      method: 'POST',
      url: '/api/parametrages-comptables/sections-analytiques',
      headers: bearer(ligue),
      payload: { Code: 'LIG1', Libelle: 'Ligue' },
    });
    expect(section.statusCode, section.body).toBe(201);
  });

  it('SEPA: the preview is read, generating a file (which claims flux) or cancelling one is refused', async () => {
    const day = collectionDate(); // a TARGET day far enough ahead (R-SEPA-06)
    const preview = await app.inject({
      method: 'GET',
      url: `/api/exports/sepa/prelevements/preview?dateEcheance=${day}`,
      headers: bearer(siege),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const generate = await app.inject({
      method: 'POST',
      url: '/api/exports/sepa/prelevements',
      headers: bearer(siege),
      payload: { dateEcheance: day },
    });
    expect(generate.statusCode, generate.body).toBe(403);
    expect(generate.json().message).toBe("Vous n'avez pas le droit de générer un fichier de prélèvements SEPA.");
    const [claimed] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "MKP_Traitement" t WHERE t."Z_DateCreation" > now() - interval '1 minute'`,
    );
    expect(claimed?.n).toBe(0);
    // Cancelling a batch (R-SEPA-08) releases its flux: the same write grant, its own message.
    const [batch] = await database.query<{ id: number; n: number }>(
      `SELECT t.id, (SELECT count(*)::int FROM "MKP_FluxFinancier" f WHERE f."ID_Traitement" = t.id) AS n
         FROM "MKP_Traitement" t WHERE t."TypeTraitement" = 'prelevement_sepa' ORDER BY t.id LIMIT 1`,
    );
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/exports/sepa/batches/${batch?.id}/cancel`,
      headers: bearer(siege),
    });
    expect(cancel.statusCode, cancel.body).toBe(403);
    expect(cancel.json().message).toBe("Vous n'avez pas le droit d'annuler un lot de prélèvements SEPA.");
    const [after] = await database.query<{ n: number; cancelled: boolean }>(
      `SELECT (SELECT count(*)::int FROM "MKP_FluxFinancier" f WHERE f."ID_Traitement" = t.id) AS n,
              t."DateAnnulation" IS NOT NULL AS cancelled
         FROM "MKP_Traitement" t WHERE t.id = $1`,
      [batch?.id],
    );
    expect(after).toEqual({ n: batch?.n, cancelled: false });
  });

  it('bank statements (R-BANK-07, R-PERM-06): the list is read; importing, reconciling and undoing are refused', async () => {
    const url = '/api/exports/sepa/releves';
    const list = await app.inject({ method: 'GET', url, headers: bearer(siege) });
    expect(list.statusCode, list.body).toBe(200);
    const [rib] = await database.query<{ IBAN: string }>(
      `SELECT "IBAN" FROM "STR_StructureRib" WHERE "ID_Structure" = 1318 AND "EST_Valide" ORDER BY id DESC LIMIT 1`,
    );
    const file = camt053Xml([
      {
        id: 'WRITE-GRANT',
        iban: rib!.IBAN.replace(/\s/g, ''),
        fromDate: '2026-11-02',
        toDate: '2026-11-02',
        openingCents: 0,
        entries: [{ reference: 'W1', bookingDate: '2026-11-02', amountCents: 100, direction: 'credit' }],
      },
    ]);
    const refused = [
      await app.inject({
        method: 'POST',
        url,
        headers: bearer(siege, { 'content-type': 'application/xml' }),
        payload: file,
      }),
      await app.inject({
        method: 'POST',
        url: `${url}/ecritures/1/rapprochement`,
        headers: bearer(siege),
        payload: { parts: [{ ID_FluxFinancier: 1, montantCents: 100 }] },
      }),
      await app.inject({ method: 'DELETE', url: `${url}/ecritures/1/rapprochement`, headers: bearer(siege) }),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().message).toBe(
        'Vous n’avez pas le droit d’importer des relevés bancaires ni de les rapprocher.',
      );
    }
    const [statements] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM "BQE_ReleveBancaire"`);
    expect(statements?.n).toBe(0);
  });

  it('Impayés: the list is read, issuing a reminder letter is refused and nothing is written', async () => {
    const list = await app.inject({ method: 'GET', url: '/api/impayes', headers: bearer(ligue) });
    expect(list.statusCode, list.body).toBe(200);
    const [own] = await database.query<{ id: number }>(
      `SELECT su."ID_Structure" AS id FROM "UTI_Login" l
         JOIN "STR_StructureUtilisateur" su ON su."ID_Utilisateur" = l."ID_Utilisateur"
        WHERE l."Email" = 'ligue@demo.fr' ORDER BY su.id LIMIT 1`,
    );
    const issue = await app.inject({
      method: 'POST',
      url: '/api/impayes/relances',
      headers: bearer(ligue),
      payload: { structureIds: [own!.id], level: 1 },
    });
    expect(issue.statusCode, issue.body).toBe(403);
    expect(issue.json().message).toBe("Vous n'avez pas le droit d'émettre une lettre de relance.");
    const [letters] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM "MKP_Relance"`);
    expect(letters?.n).toBe(0);
  });

  it('R-MAIL-07: the billing e-mail is read; changing it without the flux settings’ write grant is refused and nothing changes', async () => {
    const [own] = await database.query<{ id: number }>(
      `SELECT su."ID_Structure" AS id FROM "UTI_Login" l
         JOIN "STR_StructureUtilisateur" su ON su."ID_Utilisateur" = l."ID_Utilisateur"
        WHERE l."Email" = 'ligue@demo.fr' ORDER BY su.id LIMIT 1`,
    );
    const url = `/api/structures/${own!.id}/email-facturation`;
    const read = await app.inject({ method: 'GET', url, headers: bearer(ligue) });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ structureId: own!.id, modifiable: false });
    const setEmail = (token: string) =>
      app.inject({ method: 'PATCH', url, headers: bearer(token), payload: { email: 'compta-ligue@exemple.test' } });
    const change = await setEmail(ligue);
    expect(change.statusCode, change.body).toBe(403);
    expect(change.json().message).toBe(
      'Vous n’avez pas le droit de modifier l’e-mail de facturation de cette structure.',
    );
    const [stored] = await database.query<{ email: string | null }>(
      `SELECT "CT_EmailFacturation" AS email FROM "STR_Structure" WHERE id = $1`,
      [own!.id],
    );
    expect(stored?.email).toBe(read.json().emailFacturation);
    // The head office, whose write row is on, changes the same field.
    const allowed = await setEmail(siege);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json()).toMatchObject({ emailFacturation: 'compta-ligue@exemple.test', modifiable: true });
  });
});
