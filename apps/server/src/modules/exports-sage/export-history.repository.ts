import type { AccountingFileFormat, ExportHistoryItem } from '@gdf/domain';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';

const HISTORY_LISTED = 100;

/** The stored content of the same file (same structure, same SHA-256) if one was produced before. */
export async function findSameExportContent(
  tx: Queryable,
  structureId: number,
  sha256: string,
): Promise<{ id: number } | undefined> {
  const [same] = await tx.query<{ id: number }>(
    `SELECT "ID_Contenu" AS id FROM "CPT_FichierExport" WHERE "ID_Structure" = $1 AND "Sha256" = $2 LIMIT 1`,
    [structureId, sha256],
  );
  return same;
}

export interface ExportFileRow {
  structureId: number;
  userId: number;
  format: AccountingFileFormat;
  from: string;
  to: string;
  journals: readonly string[] | null;
  valid: boolean;
  fileName: string;
  size: number;
  sha256: string;
  entries: number;
  contentId: number;
}

/** Records a produced file in the export history, with its audit row (`action`, `details` JSON). */
export async function insertExportFile(
  tx: Queryable,
  file: ExportFileRow,
  audit: { action: string; details: string },
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO "CPT_FichierExport" ("ID_Structure", "ID_Utilisateur", "Format", "Du", "Au", "Journaux", "EST_Valide",
       "NomFichier", "Taille", "Sha256", "NbEcritures", "ID_Contenu")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      file.structureId,
      file.userId,
      file.format,
      file.from,
      file.to,
      file.journals,
      file.valid,
      file.fileName,
      file.size,
      file.sha256,
      file.entries,
      file.contentId,
    ],
  );
  await tx.query(
    `INSERT INTO "APP_AuditLog" ("ID_Utilisateur", "ID_Structure", "Action", "TableCible", "ID_Cible", "Details")
     VALUES ($1, $2, $3, 'CPT_FichierExport', $4, $5)`,
    [file.userId, file.structureId, audit.action, row!.id, audit.details],
  );
  return row!.id;
}

export async function readExportHistory(
  database: Database,
  structureId: number,
): Promise<Array<Omit<ExportHistoryItem, 'date'> & { date: Date | string }>> {
  return database.query<Omit<ExportHistoryItem, 'date'> & { date: Date | string }>(
    `SELECT x.id, x."Format" AS format, x."Du"::text AS du, x."Au"::text AS au, x."Journaux" AS journaux,
            x."EST_Valide" AS valide, coalesce(trim(concat_ws(' ', u."CT_Prenom", u."CT_Nom")), '') AS utilisateur,
            x."Z_DateCreation" AS date, x."Taille"::int AS taille, x."Sha256" AS sha256,
            x."NbEcritures" AS "nbEcritures", x."NomFichier" AS "nomFichier"
       FROM "CPT_FichierExport" x LEFT JOIN "UTI_Utilisateur" u ON u.id = x."ID_Utilisateur"
      WHERE x."ID_Structure" = $1 ORDER BY x.id DESC LIMIT ${HISTORY_LISTED}`,
    [structureId],
  );
}

/** A recorded file of the structure (none for another structure's). */
export async function findRecordedFile(database: Database, structureId: number, id: number) {
  const [row] = await database.query<{
    format: AccountingFileFormat;
    fileName: string;
    sha256: string;
    size: number;
    contentId: number;
  }>(
    `SELECT "Format" AS format, "NomFichier" AS "fileName", "Sha256" AS sha256, "Taille"::int AS size, "ID_Contenu" AS "contentId"
       FROM "CPT_FichierExport" WHERE id = $1 AND "ID_Structure" = $2`,
    [id, structureId],
  );
  return row;
}
