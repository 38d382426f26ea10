import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/db/database';
import {
  moveDiskFilesIntoDatabase,
  type DiskFileDirectories,
} from '../../../src/modules/document-store/move-disk-files';
import { testDatabaseTargets, type TestDatabase } from '../support/databases';
import {
  bearer,
  buildRestApp,
  closeRestContext,
  openRestContext,
  TINY_PDF,
  TINY_PNG,
  type RestContext,
} from '../rest/rest-context';
import { sha256, writeLegacyDocument, writeLegacySepaFile } from './legacy-files';

const HEAD_OFFICE = 1318;
const LEGACY_XML = '<?xml version="1.0" encoding="UTF-8"?><Document>ancien fichier SEPA é</Document>\n';

/**
 * ADR 0010: files an earlier version wrote to the local disk move into DOC_Contenu when the
 * app starts: served from the database afterwards (the directory can go), idempotent, and a
 * missing or altered file is logged, never fatal.
 */
describe.each(testDatabaseTargets())('start-up move of disk files into the database on $name', (target) => {
  let context: RestContext;
  let root: string;
  let directories: DiskFileDirectories;
  const ids = { png: 0, pdf: 0, missing: 0, altered: 0, sepa: 0 };
  const logLines: Array<{ level: number; msg: string; ids?: number[]; files?: string[] }> = [];

  const contents = async () =>
    (await context.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM "DOC_Contenu"`))[0]?.n;
  const contentOf = async (documentId: number) =>
    (
      await context.database.query<{ ID_Contenu: number | null }>(
        `SELECT "ID_Contenu" FROM "DOC_Document" WHERE id = $1`,
        [documentId],
      )
    )[0]?.ID_Contenu;

  beforeAll(async () => {
    context = await openRestContext(target);
    root = await mkdtemp(path.join(tmpdir(), 'gdf-legacy-'));
    directories = { filesDir: path.join(root, 'files'), sepaDir: path.join(root, 'sepa') };
    const common = { structureId: context.clubId };
    ids.png = await writeLegacyDocument(context.database, directories.filesDir, {
      ...common,
      bytes: TINY_PNG,
      mimeType: 'image/png',
      fileName: 'logo.png',
    });
    ids.pdf = await writeLegacyDocument(context.database, directories.filesDir, {
      ...common,
      bytes: TINY_PDF,
      mimeType: 'application/pdf',
      fileName: 'Relevé d’identité.pdf',
    });
    ids.missing = await writeLegacyDocument(context.database, directories.filesDir, {
      ...common,
      bytes: TINY_PNG,
      mimeType: 'image/png',
      fileName: 'perdu.png',
      onDisk: null,
    });
    ids.altered = await writeLegacyDocument(context.database, directories.filesDir, {
      ...common,
      bytes: TINY_PDF,
      mimeType: 'application/pdf',
      fileName: 'abime.pdf',
      onDisk: Buffer.concat([TINY_PDF, Buffer.from('x')]),
    });
    ids.sepa = await writeLegacySepaFile(context.database, directories.sepaDir, {
      structureId: HEAD_OFFICE,
      xml: LEGACY_XML,
    });
    await writeFile(path.join(directories.sepaDir, '999999.xml'), '<Document/>'); // a rolled-back generation's
    await writeFile(path.join(directories.filesDir, `.tmp-${'c'.repeat(32)}.sha256-${'d'.repeat(64)}`), 'x');
  });
  afterAll(async () => {
    await closeRestContext(context);
    await rm(root, { recursive: true, force: true });
  });

  it('at start-up: present files move, a missing or altered one is logged and the app starts anyway', async () => {
    const before = await contents();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    });
    const app = await buildRestApp(context.database, {
      diskFilesToMove: directories,
      logger: { level: 'info', stream },
    });
    await app.ready();
    await app.close();

    expect(await contents()).toBe((before ?? 0) + 3); // two documents and the SEPA file
    expect(await contentOf(ids.png)).not.toBeNull();
    expect(await contentOf(ids.pdf)).not.toBeNull();
    expect(await contentOf(ids.missing)).toBeNull();
    expect(await contentOf(ids.altered)).toBeNull();
    const [moved] = await context.database.query<{ sha256: string; date: boolean }>(
      `SELECT c."Sha256" AS sha256, c."Z_DateCreation" = d."Z_DateCreation" AS date
         FROM "DOC_Document" d JOIN "DOC_Contenu" c ON c.id = d."ID_Contenu" WHERE d.id = $1`,
      [ids.pdf],
    );
    expect(moved).toEqual({ sha256: sha256(TINY_PDF), date: true }); // checksum and date kept

    const byMessage = (start: string) => logLines.find((line) => line.msg.startsWith(start));
    expect(byMessage('fichiers du disque copiés dans la base')).toMatchObject({ level: 30 });
    expect(byMessage('documents dont le fichier est absent')).toMatchObject({ level: 40, ids: [ids.missing] });
    expect(byMessage('documents dont le fichier est illisible')).toMatchObject({ level: 50, ids: [ids.altered] });
    expect(byMessage('fichiers SEPA sans traitement')).toMatchObject({ files: ['999999.xml'] });
  });

  it('a second start moves nothing again', async () => {
    const before = await contents();
    const report = await moveDiskFilesIntoDatabase(context.database, directories);
    expect(report).toMatchObject({ movedDocuments: 0, movedSepaFiles: 0, missingDocuments: [ids.missing] });
    expect(await contents()).toBe(before);
  });

  it('two processes starting together move each file once', async () => {
    const again = await writeLegacyDocument(context.database, directories.filesDir, {
      structureId: context.clubId,
      bytes: TINY_PNG,
      mimeType: 'image/png',
      fileName: 'ensemble.png',
    });
    const before = await contents();
    // On PostgreSQL a second handle (its own pool, as another process); PGlite has one process.
    const database = context.database as TestDatabase;
    const other = database.reopen ? await database.reopen({}) : database;
    const reports = await Promise.all([
      moveDiskFilesIntoDatabase(database, directories),
      moveDiskFilesIntoDatabase(other, directories),
    ]).finally(() => (other === database ? undefined : other.close()));
    expect(reports.map((report) => report.movedDocuments).sort()).toEqual([0, 1]);
    expect(await contents()).toBe((before ?? 0) + 1);
    expect(await contentOf(again)).not.toBeNull();
  });

  it('once moved, the files are served from the database: the directory may go', async () => {
    await rm(root, { recursive: true, force: true });
    const app = await buildRestApp(context.database); // no directory at all
    try {
      const pdf = await app.inject({
        method: 'GET',
        url: `/api/files/structure_document/${ids.pdf}`,
        headers: bearer(context.tokens.club),
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.equals(TINY_PDF)).toBe(true);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['cache-control']).toBe('private, no-store');
      expect(pdf.headers['content-disposition']).toBe(
        `inline; filename="Releve didentite.pdf"; filename*=UTF-8''${encodeURIComponent('Relevé d’identité.pdf')}`,
      );
      const missing = await app.inject({
        method: 'GET',
        url: `/api/files/structure_document/${ids.missing}`,
        headers: bearer(context.tokens.club),
      });
      expect(missing.statusCode).toBe(404);
      const sepa = await app.inject({
        method: 'GET',
        url: `/api/exports/sepa/batches/${ids.sepa}/file`,
        headers: bearer(context.tokens.siege),
      });
      expect(sepa.statusCode, sepa.body).toBe(200);
      expect(sepa.body).toBe(LEGACY_XML);
      expect(sepa.headers['content-disposition']).toBe('attachment; filename="prelevements-sepa-ancien.xml"');
    } finally {
      await app.close();
    }
  });
});

describe('PGlite: a copy of the database directory holds the stored files', () => {
  it('stored bytes come back from a copy of the data directory (a backup)', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'gdf-backup-'));
    try {
      const { insertContent } = await import('../../../src/db/content-store');
      const { openContent } = await import('../../../src/modules/document-store/document-store.service');
      const original = await openDatabase({ dataDir: path.join(root, 'pglite') });
      const stored = await original.transaction((tx) =>
        insertContent(tx, { nature: 'depot', bytes: TINY_PDF, mimeType: 'application/pdf' }),
      );
      await original.close();
      await cp(path.join(root, 'pglite'), path.join(root, 'sauvegarde'), { recursive: true });
      const restored = await openDatabase({ dataDir: path.join(root, 'sauvegarde') });
      try {
        const content = await openContent(restored, stored.id);
        expect(content?.sha256).toBe(sha256(TINY_PDF));
        expect(Buffer.isBuffer(content?.body) && content.body.equals(TINY_PDF)).toBe(true);
      } finally {
        await restored.close();
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
