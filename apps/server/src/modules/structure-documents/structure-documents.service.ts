import type { Database } from '../../db/database';
import { forbidden } from '../../lib/http-errors';
import { canSeeStructure, type RequestScope } from '../scope/scope';
import { listStructureDocuments } from '../files/document.repository';
import { toDocumentResponse, type DocumentResponse } from '../files/document-response';

export async function structureDocuments(
  database: Database,
  scope: RequestScope,
  query: { structureId: number; docTypes: string[]; seasonId: number | null },
): Promise<DocumentResponse[]> {
  if (!(await canSeeStructure(database, scope, query.structureId)))
    throw forbidden("Vous n'avez pas accès à cette structure.");
  const rows = await listStructureDocuments(database, query.structureId, query.docTypes, query.seasonId);
  return rows.map(toDocumentResponse);
}
