import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import {
  bearer,
  closeRestContext,
  FAKE_EXE,
  multipartBody,
  openRestContext,
  TINY_PDF,
  TINY_PNG,
  upload,
  type RestContext,
} from './rest-context';

const TEN_MB = 10 * 1024 * 1024;

describe.each(testDatabaseTargets())('uploads on $name (POST /api/files)', (target) => {
  let context: RestContext;
  let fields: Record<string, string>;
  const storedFiles = async () => (await readdir(context.filesDir)).sort();

  beforeAll(async () => {
    context = await openRestContext(target);
    fields = { structure: `/api/structures/${context.clubId}`, season: '/api/saisons/2026', documentType: 'rib' };
  });
  afterAll(() => closeRestContext(context));

  it.each([
    ['a PDF', 'application/pdf', 'RIB.pdf', TINY_PDF],
    ['a PNG', 'image/png', 'logo.png', TINY_PNG],
  ])('stores %s and serves the same bytes back, with their content type', async (_label, type, name, bytes) => {
    const response = await upload(context, context.tokens.club, { ...fields, fileType: type }, { name, bytes, type });
    expect(response.statusCode, response.body).toBe(201);
    const document = response.json();
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    expect(document).toMatchObject({
      NomFichier: name,
      TypeMime: type,
      Taille: bytes.length,
      Sha256: sha256,
      ID_Structure: context.clubId,
      ID_Saison: 2026,
    });

    const file = await context.app.inject({ method: 'GET', url: document.url, headers: bearer(context.tokens.club) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect(file.headers['content-type']).toBe(type);
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');

    // Stored under a random name that carries the checksum; no temporary file left behind.
    const stored = await storedFiles();
    expect(stored.filter((entry) => entry.startsWith('.tmp-'))).toEqual([]);
    const storedName = stored.find((entry) => entry.endsWith(`.sha256-${sha256}`));
    expect(storedName).toBeDefined();
    expect((await readFile(path.join(context.filesDir, storedName as string))).equals(bytes)).toBe(true);
  });

  it('writes an audit row for each upload', async () => {
    const response = await upload(
      context,
      context.tokens.club,
      { ...fields, fileType: 'image/png' },
      { name: 'audit.png', bytes: TINY_PNG },
    );
    const id = response.json().id;
    const rows = await context.database.query<{ action: string; user: number; details: { Sha256: string } }>(
      `SELECT "Action" AS action, "ID_Utilisateur" AS "user", "Details" AS details FROM "APP_AuditLog"
        WHERE "TableCible" = 'DOC_Document' AND "ID_Cible" = $1`,
      [id],
    );
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'document.upload',
        details: expect.objectContaining({ Sha256: response.json().Sha256 }),
      }),
    ]);
  });

  it('refuses a file over 10 MB with 413 and a French message, storing nothing', async () => {
    const before = await storedFiles();
    const bytes = Buffer.concat([TINY_PDF, Buffer.alloc(TEN_MB + 1 - TINY_PDF.length, 0x20)]);
    const response = await upload(
      context,
      context.tokens.club,
      { ...fields, fileType: 'application/pdf' },
      { name: 'gros.pdf', bytes },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/taille maximale/);
    expect(await storedFiles()).toEqual(before);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const bytes = Buffer.concat([TINY_PDF, Buffer.alloc(TEN_MB - TINY_PDF.length, 0x20)]);
    const response = await upload(
      context,
      context.tokens.club,
      { ...fields, fileType: 'application/pdf' },
      { name: 'limite.pdf', bytes },
    );
    expect(response.statusCode, response.body.slice(0, 200)).toBe(201);
  });

  it('refuses an executable renamed .pdf, and bytes that are not the declared type', async () => {
    const before = await storedFiles();
    const exe = await upload(
      context,
      context.tokens.club,
      { ...fields, fileType: 'application/pdf' },
      { name: 'facture.pdf', bytes: FAKE_EXE, type: 'application/pdf' },
    );
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toMatch(/Type de fichier non autorisé/);
    const mismatch = await upload(
      context,
      context.tokens.club,
      { ...fields, fileType: 'image/png' },
      { name: 'logo.png', bytes: TINY_PDF },
    );
    expect(mismatch.statusCode).toBe(415);
    const svg = await upload(
      context,
      context.tokens.club,
      { ...fields, fileType: 'image/png' },
      { name: 'logo.png', bytes: Buffer.from('<svg onload="alert(1)"/>') },
    );
    expect(svg.statusCode).toBe(415);
    const empty = await upload(
      context,
      context.tokens.club,
      { ...fields, fileType: 'image/png' },
      { name: 'vide.png', bytes: Buffer.alloc(0) },
    );
    expect(empty.statusCode).toBe(400);
    expect(await storedFiles()).toEqual(before);
  });

  it('keeps no file when the database insert fails (no half-written state)', async () => {
    // A real refusal by the database, whatever statement or transaction the insert runs in.
    await context.database.query(
      `ALTER TABLE "DOC_Document" ADD CONSTRAINT panne_simulee CHECK ("NomFichier" <> 'panne.png') NOT VALID`,
    );
    try {
      const before = await storedFiles();
      const [{ count: documentsBefore } = { count: -1 }] = await context.database.query<{ count: number }>(
        `SELECT count(*)::integer AS count FROM "DOC_Document"`,
      );
      const body = await multipartBody({ ...fields, fileType: 'image/png' }, { name: 'panne.png', bytes: TINY_PNG });
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/files',
        headers: { ...bearer(context.tokens.club), ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(500);
      expect(response.json().message).toBe('Oups, une erreur est survenue...');
      expect(await storedFiles()).toEqual(before);
      const [{ count: documentsAfter } = { count: -2 }] = await context.database.query<{ count: number }>(
        `SELECT count(*)::integer AS count FROM "DOC_Document"`,
      );
      expect(documentsAfter).toBe(documentsBefore);
    } finally {
      await context.database.query(`ALTER TABLE "DOC_Document" DROP CONSTRAINT panne_simulee`);
    }
  });
});
