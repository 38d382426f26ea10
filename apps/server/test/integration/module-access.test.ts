import { DOCUMENT_PACK_PATH, EMPTY_FLUX_FILTERS } from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database';
import { testDatabaseTargets } from './support/databases';
import { buildTestApp, loginAs, seedSmall } from './support/test-app';

// R-PERM-09: the server refuses what the dashboard greys out,
// with the same precedence and texts (R-PERM-02).
const FLUX_QUERY = { query: '{ MKP_FluxFinancier(limit: 1) { id } }' };

describe.each(testDatabaseTargets())('module access by structure standing on $name', (target) => {
  let database: Database;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    database = await target.open();
    await seedSmall(database);
    app = await buildTestApp(database);
    for (const email of ['club@demo.fr', 'club.bloque@demo.fr', 'club.non.affilie@demo.fr', 'super.admin@demo.fr'])
      tokens[email] = await loginAs(app, email);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const readFlux = (email: string) =>
    app.inject({
      method: 'POST',
      url: '/v1/graphql',
      headers: { authorization: `Bearer ${tokens[email]}` },
      payload: FLUX_QUERY,
    });

  it('lets an affiliated club read its flux', async () => {
    const body = (await readFlux('club@demo.fr')).json();
    expect(body.errors).toBeUndefined();
    expect(body.data.MKP_FluxFinancier.length).toBe(1);
  });

  it('refuses a blocked club, with the blocked text', async () => {
    const body = (await readFlux('club.bloque@demo.fr')).json();
    expect(body.data).toBeUndefined();
    expect(body.errors[0]).toMatchObject({
      message: 'Cette structure est bloquée.',
      extensions: { code: 'permission-error' },
    });
  });

  it('refuses a club not affiliated on the current season, with its text', async () => {
    const body = (await readFlux('club.non.affilie@demo.fr')).json();
    expect(body.errors[0]?.message).toBe("Cette structure n'est pas affiliée sur la saison en cours.");
  });

  it('lets the super administrator through (bypass)', async () => {
    const body = (await readFlux('super.admin@demo.fr')).json();
    expect(body.errors).toBeUndefined();
  });

  it('refuses the blocked club its invoice PDFs and Factur-X XML too (REST)', async () => {
    const [row] = await database.query<{ id: number }>(
      `SELECT f.id FROM "MKP_FluxFinancier" f JOIN "STR_StructureUtilisateur" m ON m."ID_Structure" = f."ID_Structure"
         JOIN "UTI_Login" l ON l."ID_Utilisateur" = m."ID_Utilisateur" WHERE l."Email" = 'club.bloque@demo.fr' LIMIT 1`,
    );
    expect(row).toBeDefined();
    for (const document of ['facture.pdf', 'releve.pdf', 'facture.xml']) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/flux/${row?.id}/${document}`,
        headers: { authorization: `Bearer ${tokens['club.bloque@demo.fr']}` },
      });
      expect(response.statusCode, document).toBe(403);
      expect(response.json().message).toBe('Cette structure est bloquée.');
    }
  });

  it('refuses the blocked club a document pack (R-DOC-08, R-PERM-09)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: DOCUMENT_PACK_PATH,
      headers: { authorization: `Bearer ${tokens['club.bloque@demo.fr']}` },
      payload: { filters: { ...EMPTY_FLUX_FILTERS, season: 2024 }, kinds: ['facture'] },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Cette structure est bloquée.');
  });
});
