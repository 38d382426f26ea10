import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../../src/db/database';
import { SEPA_BATCH_TYPE } from '../../../src/db/sepa-records';

/**
 * Files as versions before ADR 0010 stored them: an upload as FILES_DIR/<32 hex>.sha256-<hex>
 * with its DOC_Document row naming it in Chemin, a SEPA file as FILES_DIR/sepa/<batch>.xml.
 */
export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export async function writeLegacyDocument(
  database: Database,
  filesDir: string,
  document: { structureId: number; bytes: Buffer; mimeType: string; fileName: string; onDisk?: Buffer | null },
): Promise<number> {
  const storedName = `${randomBytes(16).toString('hex')}.sha256-${sha256(document.bytes)}`;
  await mkdir(filesDir, { recursive: true });
  const onDisk = document.onDisk === undefined ? document.bytes : document.onDisk;
  if (onDisk) await writeFile(path.join(filesDir, storedName), onDisk);
  const [row] = await database.query<{ id: number }>(
    `INSERT INTO "DOC_Document" ("ID_TypeDocument", "ID_Structure", "NomFichier", "Chemin", "TypeMime", "Taille")
     VALUES ((SELECT id FROM "DOC_TypeDocument" WHERE "SlugTypeDocument" = 'rib'), $1, $2, $3, $4, $5)
     RETURNING id`,
    [document.structureId, document.fileName, storedName, document.mimeType, document.bytes.length],
  );
  return row!.id;
}

export async function writeLegacySepaFile(
  database: Database,
  sepaDir: string,
  batch: { structureId: number; xml: string },
): Promise<number> {
  const [row] = await database.query<{ id: number }>(
    `INSERT INTO "MKP_Traitement" ("TypeTraitement", "ID_Structure", "NomFichier")
     VALUES ($1, $2, 'prelevements-sepa-ancien.xml') RETURNING id`,
    [SEPA_BATCH_TYPE, batch.structureId],
  );
  await mkdir(sepaDir, { recursive: true });
  await writeFile(path.join(sepaDir, `${row!.id}.xml`), batch.xml);
  return row!.id;
}
