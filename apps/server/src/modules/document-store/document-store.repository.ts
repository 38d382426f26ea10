import type { Database } from '../../db/database';
import { sha256Hex, type ContentNature } from '../../db/content-store';
import { SEPA_BATCH_TYPE } from '../../db/sepa-records';

/** A DOC_Document row an earlier version kept on disk: its stored name and type. */
export interface DiskDocumentRow {
  id: number;
  Chemin: string;
  TypeMime: string;
}

/** The next page of rows that still have their bytes on disk only, after `after` (by id). */
export async function documentsWithoutContent(
  database: Database,
  after: number,
  limit: number,
): Promise<DiskDocumentRow[]> {
  return database.query<DiskDocumentRow>(
    `SELECT id, "Chemin", "TypeMime" FROM "DOC_Document"
      WHERE "ID_Contenu" IS NULL AND "Chemin" IS NOT NULL AND id > $1
      ORDER BY id LIMIT $2`,
    [after, limit],
  );
}

/** The SEPA batches among `ids`, and whether each still waits for its bytes. */
export async function sepaBatchesOf(
  database: Database,
  ids: readonly number[],
): Promise<Array<{ id: number; pending: boolean }>> {
  return database.query<{ id: number; pending: boolean }>(
    `SELECT id, "ID_Contenu" IS NULL AS pending FROM "MKP_Traitement" WHERE id = ANY($1::int[]) AND "TypeTraitement" = $2`,
    [[...ids], SEPA_BATCH_TYPE],
  );
}

/**
 * Inserts the bytes and points the row at them in one statement, only while the row has
 * no content: the row lock makes a second process starting at the same time skip it.
 */
export async function moveInto(
  database: Database,
  table: 'DOC_Document' | 'MKP_Traitement',
  id: number,
  nature: ContentNature,
  bytes: Buffer,
  mimeType: string,
): Promise<boolean> {
  const rows = await database.query(
    `WITH target AS (
       SELECT id, "Z_DateCreation" FROM "${table}" WHERE id = $1 AND "ID_Contenu" IS NULL FOR UPDATE
     ), content AS (
       INSERT INTO "DOC_Contenu" ("Nature", "Octets", "Sha256", "Taille", "TypeMime", "Z_DateCreation")
       SELECT $2::text, $3::bytea, $4::text, $5::bigint, $6::text, target."Z_DateCreation" FROM target
       RETURNING id
     )
     UPDATE "${table}" r SET "ID_Contenu" = content.id FROM content WHERE r.id = $1 RETURNING r.id`,
    [id, nature, bytes, sha256Hex(bytes), bytes.length, mimeType],
  );
  return rows.length > 0;
}
