import type { DocumentPackRequest } from '@gdf/domain';
import type { Queryable } from '../../db/queryable';
import { insertPackAuditRow } from './document-pack.repository';

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
  await insertPackAuditRow(
    db,
    who,
    DOCUMENT_PACK_AUDIT_ACTION,
    JSON.stringify({
      types: pack.request.kinds,
      filtres: pack.request.filters,
      documents: pack.total,
      envoyes: pack.sent,
      complet: pack.complete,
      ...(pack.jobId === undefined ? {} : { traitement: pack.jobId }),
    }),
  );
}
