import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../../src/app';
import type { Database } from '../../../src/db/database';
import type { TestDatabaseTarget } from '../support/databases';
import { TEST_JOBS, TEST_JWT_SECRET, loginAs, seedSmall } from '../support/test-app';

/** A seeded database, an app on it, and demo sign-ins. */
export interface RestContext {
  database: Database;
  app: FastifyInstance;
  tokens: { club: string; siege: string; ligue: string; superAdmin: string };
  /** club@demo.fr's structure, and another club outside its scope. */
  clubId: number;
  otherClubId: number;
}

export async function openRestContext(
  target: TestDatabaseTarget,
  options: Partial<AppOptions> = {},
): Promise<RestContext> {
  const database = await target.open();
  await seedSmall(database);
  const app = await buildRestApp(database, options);
  const tokens = {
    club: await loginAs(app, 'club@demo.fr'),
    siege: await loginAs(app, 'siege@demo.fr'),
    ligue: await loginAs(app, 'ligue@demo.fr'),
    superAdmin: await loginAs(app, 'super.admin@demo.fr'),
  };
  const me = await app.inject({ method: 'GET', url: '/api/me', headers: bearer(tokens.club) });
  const clubId = (me.json() as { memberships: Array<{ structureId: number }> }).memberships[0]?.structureId;
  if (!clubId) throw new Error('club@demo.fr has no membership');
  const [other] = await database.query<{ id: number }>(
    `SELECT id FROM "STR_Structure" WHERE "ID_TypeStructure" = 1 AND id <> $1 ORDER BY id LIMIT 1`,
    [clubId],
  );
  if (!other) throw new Error('no second club in the seed');
  return { database, app, tokens, clubId, otherClubId: other.id };
}

export function buildRestApp(database: Database, options: Partial<AppOptions> = {}) {
  return buildApp({ database, jwtSecret: TEST_JWT_SECRET, loginRateLimit: false, jobs: TEST_JOBS, ...options });
}

export async function closeRestContext(context: RestContext | undefined): Promise<void> {
  if (!context) return;
  await context.app.close();
  await context.database.close();
}

export const bearer = (token: string, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${token}`,
  ...extra,
});

/** A 1x1 transparent PNG and a minimal PDF: real files, a few dozen bytes each. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
/** The start of a Windows executable ("MZ" header), to be renamed .pdf. */
export const FAKE_EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(256, 0)]);

export interface UploadFile {
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart/form-data body, encoded by the platform's own FormData. */
export async function multipartBody(fields: Record<string, string>, file?: UploadFile) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file)
    form.append(
      'file',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') as string },
  };
}

/** POST /api/files as `token`. */
export async function upload(context: RestContext, token: string, fields: Record<string, string>, file?: UploadFile) {
  const body = await multipartBody(fields, file);
  return context.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

/** Uploads a PNG for `structureId` as the super administrator; returns the document id. */
export async function seedDocument(
  context: RestContext,
  structureId: number,
  documentType = 'avatar_structure',
): Promise<number> {
  const response = await upload(
    context,
    context.tokens.superAdmin,
    { fileType: 'image/png', structure: `/api/structures/${structureId}`, documentType },
    { name: 'logo.png', bytes: TINY_PNG, type: 'image/png' },
  );
  if (response.statusCode !== 201) throw new Error(`seed upload failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: number }).id;
}
