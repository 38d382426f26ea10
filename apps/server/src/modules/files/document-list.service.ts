import type { Database } from '../../db/database';
import { toDocumentResponse, type DocumentResponse } from './document-response';
import { listStructureDocuments } from './document.repository';

/**
 * A structure's documents of the given types (slugs), newest first, for the modules that
 * show them (structure documents, avatars). The caller has checked the structure's scope.
 */
export async function documentsOfStructure(
  database: Database,
  structureId: number,
  query: { docTypes: readonly string[]; seasonId: number | null; limit?: number },
): Promise<DocumentResponse[]> {
  const rows = await listStructureDocuments(database, structureId, query.docTypes, query.seasonId, query.limit);
  return rows.map(toDocumentResponse);
}
