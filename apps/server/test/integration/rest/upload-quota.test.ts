import { CARD_TOOLTIPS } from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { loginAs } from '../support/test-app';
import {
  bearer,
  buildRestApp,
  closeRestContext,
  multipartBody,
  openRestContext,
  TINY_PNG,
  type RestContext,
} from './rest-context';

/**
 * R-SEC-10: uploads are bounded per structure and per day (count and bytes), counted
 * from DOC_Document so every process of a deployment shares the count; a blocked
 * structure uploads nothing. Observed before: 10 x 10 MB in 5 s by a blocked club.
 */
describe.each(testDatabaseTargets())('upload quota per structure and day on $name', (target) => {
  let context: RestContext;
  let ligueId: number;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    context = await openRestContext(target);
    // Blocked before the club's first scoped request (the standing is cached 30 s).
    await context.database.query(`UPDATE "STR_Structure" SET "EST_Bloquee" = true WHERE id = $1`, [context.clubId]);
    const me = await context.app.inject({ method: 'GET', url: '/api/me', headers: bearer(context.tokens.ligue) });
    ligueId = (me.json() as { memberships: Array<{ structureId: number }> }).memberships[0]!.structureId;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await closeRestContext(context);
  });

  /** Another app (as another process would be) on the same database, with its own quota. */
  const appWithQuota = async (filesPerDay: number, bytesPerDay: number) => {
    const app = await buildRestApp(context.database, { uploadQuota: { filesPerDay, bytesPerDay } });
    apps.push(app);
    return { app, token: await loginAs(app, 'ligue@demo.fr') };
  };
  const uploadTo = async (app: FastifyInstance, token: string, structureId: number) => {
    const body = await multipartBody(
      { fileType: 'image/png', structure: `/api/structures/${structureId}`, documentType: 'avatar_structure' },
      { name: 'logo.png', bytes: TINY_PNG, type: 'image/png' },
    );
    return app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...bearer(token), 'x-structure-id': String(structureId), ...body.headers },
      payload: body.payload,
    });
  };
  const createFromUrl = (app: FastifyInstance, token: string, structureId: number) =>
    app.inject({
      method: 'POST',
      url: '/api/files/create-from-url',
      headers: { ...bearer(token), 'x-structure-id': String(structureId) },
      payload: {
        fileUrl: 'https://fichiers.example/logo.png',
        fileType: 'image/png',
        structure: `/api/structures/${structureId}`,
        documentType: 'avatar_structure',
      },
    });
  const documentsOf = async (structureId: number) =>
    (
      await context.database.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM "DOC_Document" WHERE "ID_Structure" = $1`,
        [structureId],
      )
    )[0]?.count;
  const ageDocuments = (structureId: number) =>
    context.database.query(
      `UPDATE "DOC_Document" SET "Z_DateCreation" = now() - interval '2 days' WHERE "ID_Structure" = $1`,
      [structureId],
    );

  it('a blocked structure may not upload (403, the blocked card text), by file or by URL', async () => {
    const before = await documentsOf(context.clubId);
    const file = await uploadTo(context.app, context.tokens.club, context.clubId);
    expect(file.statusCode, file.body).toBe(403);
    expect(file.json().message).toBe(CARD_TOOLTIPS.blocked);
    const url = await createFromUrl(context.app, context.tokens.club, context.clubId);
    expect(url.statusCode, url.body).toBe(403);
    expect(await documentsOf(context.clubId)).toBe(before);
  });

  it('count: the files beyond the day quota get a French 429, counted across apps sharing the database', async () => {
    await ageDocuments(ligueId);
    const first = await appWithQuota(3, 1_000_000);
    const second = await appWithQuota(3, 1_000_000);
    expect((await uploadTo(first.app, first.token, ligueId)).statusCode).toBe(201);
    expect((await uploadTo(second.app, second.token, ligueId)).statusCode).toBe(201);
    expect((await uploadTo(first.app, first.token, ligueId)).statusCode).toBe(201);
    const refused = await uploadTo(second.app, second.token, ligueId);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().message).toMatch(/^Quota de dépôt atteint pour cette structure/);
    expect(refused.json().message).toContain('3 fichiers');
    const byUrl = await createFromUrl(first.app, first.token, ligueId);
    expect(byUrl.statusCode, byUrl.body).toBe(429);
    expect(await documentsOf(ligueId)).toBe(3);
    // Yesterday's uploads do not count.
    await ageDocuments(ligueId);
    expect((await uploadTo(first.app, first.token, ligueId)).statusCode).toBe(201);
  });

  it('bytes: a file that would pass the day volume is refused', async () => {
    await ageDocuments(ligueId);
    const { app, token } = await appWithQuota(100, TINY_PNG.length * 2 + 1);
    expect((await uploadTo(app, token, ligueId)).statusCode).toBe(201);
    expect((await uploadTo(app, token, ligueId)).statusCode).toBe(201);
    const refused = await uploadTo(app, token, ligueId);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().message).toMatch(/^Quota de dépôt atteint pour cette structure/);
  });

  it('10 uploads at once against a quota of 3: exactly 3 stored', async () => {
    await ageDocuments(ligueId);
    const { app, token } = await appWithQuota(3, 1_000_000);
    const responses = await Promise.all(Array.from({ length: 10 }, () => uploadTo(app, token, ligueId)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429, 429, 429]);
    const recent = await context.database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM "DOC_Document" WHERE "ID_Structure" = $1 AND "Z_DateCreation" > now() - interval '1 day'`,
      [ligueId],
    );
    expect(recent[0]?.count).toBe(3);
    // The refused ones stored no bytes either (DOC_Contenu is written after the quota check).
    const orphans = await context.database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM "DOC_Contenu" c
        WHERE NOT EXISTS (SELECT 1 FROM "DOC_Document" d WHERE d."ID_Contenu" = c.id)`,
    );
    expect(orphans[0]?.count).toBe(0);
  });
});
