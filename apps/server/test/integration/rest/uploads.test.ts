import { createHash, randomBytes } from 'node:crypto';
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
  /** Every stored content's id: uploads keep their bytes in the database (ADR 0010). */
  const storedFiles = async () =>
    (await context.database.query<{ id: number }>(`SELECT id FROM "DOC_Contenu" ORDER BY id`)).map((row) => row.id);
  const contentOf = async (documentId: number) =>
    (
      await context.database.query<{
        nature: string;
        octets: Uint8Array;
        sha256: string;
        taille: number;
        chemin: null;
      }>(
        `SELECT c."Nature" AS nature, c."Octets" AS octets, c."Sha256" AS sha256, c."Taille"::int AS taille,
                d."Chemin" AS chemin
           FROM "DOC_Document" d JOIN "DOC_Contenu" c ON c.id = d."ID_Contenu" WHERE d.id = $1`,
        [documentId],
      )
    )[0];

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
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['content-length']).toBe(String(bytes.length));

    // The bytes are a DOC_Contenu row, checksummed by the database; nothing on disk.
    const content = await contentOf(document.id);
    expect(content).toMatchObject({ nature: 'depot', sha256, taille: bytes.length, chemin: null });
    expect(Buffer.from(content?.octets ?? []).equals(bytes)).toBe(true);
  });

  it('does not serve bytes altered in the database (checksum checked on every read)', async () => {
    const response = await upload(
      context,
      context.tokens.club,
      { ...fields, fileType: 'image/png' },
      { name: 'altere.png', bytes: TINY_PNG },
    );
    const document = response.json();
    await context.database.query(
      `UPDATE "DOC_Contenu" SET "Octets" = set_byte("Octets", 29, get_byte("Octets", 29) # 255)
        WHERE id = (SELECT "ID_Contenu" FROM "DOC_Document" WHERE id = $1)`,
      [document.id],
    );
    const file = await context.app.inject({ method: 'GET', url: document.url, headers: bearer(context.tokens.club) });
    expect(file.statusCode).toBe(500);
    expect(file.rawPayload.includes(TINY_PNG.subarray(0, 16))).toBe(false);
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

  it('accepts a file of exactly 10 MB and streams it back whole, a slice at a time', async () => {
    const bytes = Buffer.concat([TINY_PDF, randomBytes(TEN_MB - TINY_PDF.length)]);
    const response = await upload(
      context,
      context.tokens.club,
      { ...fields, fileType: 'application/pdf' },
      { name: 'limite.pdf', bytes },
    );
    expect(response.statusCode, response.body.slice(0, 200)).toBe(201);
    const file = await context.app.inject({
      method: 'GET',
      url: response.json().url,
      headers: bearer(context.tokens.club),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-length']).toBe(String(TEN_MB));
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(bytes)).toBe(true);
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
