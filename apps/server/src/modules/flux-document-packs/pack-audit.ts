import type { DocumentPackRequest } from '@gdf/domain';
import type { Queryable } from '../../db/queryable';

export const DOCUMENT_PACK_AUDIT_ACTION = 'telechargement_lot_documents';

/**
 * A pack's one audit row (R-DOC-08), written when it ends, streamed or built as a job: what was
 * asked, how many documents it held and left, whether it finished (a job's row names the job).
 */
export async function writePackAudit(
  db: Queryable,
  who: { userId: number; structureId: number },
  pack: { request: DocumentPackRequest; total: number; sent: number; complete: boolean; jobId?: number },
): Promise<void> {
  await db.query(
    `INSERT INTO "APP_AuditLog" ("ID_Utilisateur", "ID_Structure", "Action", "TableCible", "ID_Cible", "Details")
     VALUES ($1::integer, $2::integer, $3::text, 'MKP_FluxFinancier', NULL, $4::jsonb)`,
    [
      who.userId,
      who.structureId,
      DOCUMENT_PACK_AUDIT_ACTION,
      JSON.stringify({
        types: pack.request.kinds,
        filtres: pack.request.filters,
        documents: pack.total,
        envoyes: pack.sent,
        complet: pack.complete,
        ...(pack.jobId === undefined ? {} : { traitement: pack.jobId }),
      }),
    ],
  );
}
