import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { testDatabaseTargets } from '../support/databases';
import { buildTestApp, loginAs, seedSmall } from '../support/test-app';

/** GET /api/structures/{id}/status: the inputs of the dashboard's card states (R-PERM-02). */
describe.each(testDatabaseTargets())('GET /api/structures/{id}/status on $name', (target) => {
  let database: Database;
  let app: FastifyInstance;

  const signIn = async (email: string) => {
    const token = await loginAs(app, email);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    const structureId = (me.json() as { memberships: Array<{ structureId: number }> }).memberships[0]?.structureId;
    if (!structureId) throw new Error(`${email} has no membership`);
    return { token, structureId };
  };
  const status = (token: string, structureId: number) =>
    app.inject({
      method: 'GET',
      url: `/api/structures/${structureId}/status`,
      headers: { authorization: `Bearer ${token}` },
    });

  beforeAll(async () => {
    database = await target.open();
    await seedSmall(database);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('describes an affiliated club that is not blocked', async () => {
    const club = await signIn('club@demo.fr');
    const response = await status(club.token, club.structureId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: club.structureId,
      NomStructure: expect.any(String),
      ID_TypeStructure: 1,
      EST_Bloquee: false,
      affiliated: true,
      affiliatedCurrentSeason: true,
    });
  });

  it('says the blocked club is blocked', async () => {
    const blocked = await signIn('club.bloque@demo.fr');
    const response = await status(blocked.token, blocked.structureId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: blocked.structureId, EST_Bloquee: true });
  });

  it('says the lapsed club was affiliated, but not on the current season', async () => {
    const lapsed = await signIn('club.non.affilie@demo.fr');
    const response = await status(lapsed.token, lapsed.structureId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ EST_Bloquee: false, affiliated: true, affiliatedCurrentSeason: false });
  });

  it('says a club that never joined is not affiliated at all (seen by the head office)', async () => {
    const [never] = await database.query<{ id: number }>(
      `SELECT s.id FROM "STR_Structure" s
        WHERE s."ID_TypeStructure" = 1
          AND NOT EXISTS (SELECT 1 FROM "STR_Affiliation" a WHERE a."ID_Structure" = s.id)
        ORDER BY s.id LIMIT 1`,
    );
    if (!never) throw new Error('the seed has no never-affiliated club');
    const siege = await signIn('siege@demo.fr');
    const response = await status(siege.token, never.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: never.id, affiliated: false, affiliatedCurrentSeason: false });
  });

  it('answers 404 for a structure out of scope, without naming it', async () => {
    const club = await signIn('club@demo.fr');
    const blocked = await signIn('club.bloque@demo.fr');
    const [other] = await database.query<{ name: string }>(
      `SELECT "NomStructure" AS name FROM "STR_Structure" WHERE id = $1`,
      [blocked.structureId],
    );
    const response = await status(club.token, blocked.structureId);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toEqual(expect.any(String));
    expect(response.body).not.toContain(other?.name);
    expect((await status(club.token, 999_999)).statusCode).toBe(404);
  });

  it('lets the super administrator read any structure, and refuses bad ids and missing tokens', async () => {
    const superAdmin = await signIn('super.admin@demo.fr');
    const blocked = await signIn('club.bloque@demo.fr');
    expect((await status(superAdmin.token, blocked.structureId)).json()).toMatchObject({ EST_Bloquee: true });
    expect((await status(superAdmin.token, 1318)).json()).toMatchObject({
      ID_TypeStructure: 7,
      affiliatedCurrentSeason: true,
    });
    const bad = await app.inject({
      method: 'GET',
      url: '/api/structures/abc/status',
      headers: { authorization: `Bearer ${superAdmin.token}` },
    });
    expect(bad.statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: `/api/structures/${blocked.structureId}/status` })).statusCode).toBe(
      401,
    );
  });
});
