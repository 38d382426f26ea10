import type { Database } from '../../db/database';
import { forbidden } from '../../lib/http-errors';
import type { RequestScope } from '../scope/scope';
import { canSeeStructure } from '../scope/can-see-structure';
import { documentsOfStructure } from '../files/document-list.service';
import type { DocumentResponse } from '../files/files.service';

export async function structureDocuments(
  database: Database,
  scope: RequestScope,
  query: { structureId: number; docTypes: string[]; seasonId: number | null },
): Promise<DocumentResponse[]> {
  if (!(await canSeeStructure(database, scope, query.structureId)))
    throw forbidden("Vous n'avez pas accès à cette structure.");
  return documentsOfStructure(database, query.structureId, query);
}
