import type { UploadUsage } from '@gdf/domain';
import type { Database } from '../../db/database';

/** A DOC_Document row with its type slug (what the document routes return). */
export interface DocumentRow {
  id: number;
  ID_TypeDocument: number;
  SlugTypeDocument: string;
  ID_Structure: number | null;
  ID_Saison: number | null;
  ID_Utilisateur: number | null;
  NomFichier: string;
  TypeMime: string;
  Taille: number;
  Z_DateCreation: Date;
  /** The DOC_Contenu row of its bytes; null for a file an earlier version lost before the move. */
  ID_Contenu: number | null;
  Sha256: string | null;
}

const SELECT_DOCUMENT = `
  SELECT d.id, d."ID_TypeDocument", t."SlugTypeDocument", d."ID_Structure", d."ID_Saison", d."ID_Utilisateur",
         d."NomFichier", d."TypeMime", d."Taille"::integer AS "Taille", d."Z_DateCreation",
         d."ID_Contenu", c."Sha256"
    FROM "DOC_Document" d
    JOIN "DOC_TypeDocument" t ON t.id = d."ID_TypeDocument"
    LEFT JOIN "DOC_Contenu" c ON c.id = d."ID_Contenu"`;

export async function findDocumentById(database: Database, id: number): Promise<DocumentRow | null> {
  const rows = await database.query<DocumentRow>(`${SELECT_DOCUMENT} WHERE d.id = $1`, [id]);
  return rows[0] ?? null;
}

/** A structure's documents of the given type slugs, newest first; optionally of one season. */
export async function listStructureDocuments(
  database: Database,
  structureId: number,
  slugs: readonly string[],
  seasonId: number | null,
  limit = 500,
): Promise<DocumentRow[]> {
  const params: unknown[] = [structureId, slugs, limit];
  const seasonCondition = seasonId === null ? '' : `AND d."ID_Saison" = $${params.push(seasonId)}`;
  return database.query<DocumentRow>(
    `${SELECT_DOCUMENT}
      WHERE d."ID_Structure" = $1 AND t."SlugTypeDocument" = ANY($2::text[]) ${seasonCondition}
      ORDER BY d."Z_DateCreation" DESC, d.id DESC
      LIMIT $3`,
    params,
  );
}

export async function findDocumentTypeId(database: Database, slug: string): Promise<number | null> {
  const rows = await database.query<{ id: number }>(`SELECT id FROM "DOC_TypeDocument" WHERE "SlugTypeDocument" = $1`, [
    slug,
  ]);
  return rows[0]?.id ?? null;
}

export async function seasonExists(database: Database, seasonId: number): Promise<boolean> {
  return (await database.query(`SELECT 1 FROM "FEDE_Saison" WHERE id = $1`, [seasonId])).length > 0;
}

export interface NewDocument {
  typeId: number;
  structureId: number;
  seasonId: number | null;
  userId: number;
  fileName: string;
  contentId: number;
  mimeType: string;
  size: number;
}

/**
 * Inserts the document and its APP_AuditLog row in one statement, so both exist or
 * neither does (a statement is atomic on PGlite and PostgreSQL alike).
 */
export async function insertDocumentWithAudit(
  database: Pick<Database, 'query'>,
  document: NewDocument,
  audit: { action: string; details: Record<string, unknown> },
): Promise<number> {
  const rows = await database.query<{ id: number }>(
    `WITH doc AS (
       INSERT INTO "DOC_Document" ("ID_TypeDocument", "ID_Structure", "ID_Saison", "ID_Utilisateur", "NomFichier", "ID_Contenu", "TypeMime", "Taille")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       RETURNING id
     ), audit AS (
       INSERT INTO "APP_AuditLog" ("ID_Utilisateur", "ID_Structure", "Action", "TableCible", "ID_Cible", "Details")
       SELECT $4, $2, $9, 'DOC_Document', doc.id, $10::jsonb FROM doc
     )
     SELECT id FROM doc`,
    [
      document.typeId,
      document.structureId,
      document.seasonId,
      document.userId,
      document.fileName,
      document.contentId,
      document.mimeType,
      document.size,
      audit.action,
      JSON.stringify(audit.details),
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('DOC_Document insert returned no id');
  return id;
}

/** What the structure stored today (Europe/Paris day): the upload quota's count (R-SEC-10). */
export async function uploadUsageToday(database: Pick<Database, 'query'>, structureId: number): Promise<UploadUsage> {
  const [row] = await database.query<UploadUsage>(
    `SELECT count(*)::int AS files, coalesce(sum("Taille"), 0)::float8 AS bytes
       FROM "DOC_Document"
      WHERE "ID_Structure" = $1
        AND "Z_DateCreation" >= date_trunc('day', now() AT TIME ZONE 'Europe/Paris') AT TIME ZONE 'Europe/Paris'`,
    [structureId],
  );
  return row ?? { files: 0, bytes: 0 };
}

/** Serialises one structure's uploads until the transaction ends, in every process (R-SEC-10). */
export async function lockStructureUploads(transaction: Pick<Database, 'query'>, structureId: number): Promise<void> {
  await transaction.query(`SELECT pg_advisory_xact_lock(hashtext('DOC_Document quota'), $1::integer)`, [structureId]);
}
