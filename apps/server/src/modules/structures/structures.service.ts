import type { Database } from '../../db/database';
import { notFound } from '../../lib/http-errors';
import { canSeeStructure, type RequestScope } from '../scope/scope';
import { listStructureDocuments } from '../files/document.repository';
import { toDocumentResponse, type DocumentResponse } from '../files/document-response';

const AVATAR_DOCUMENT_TYPE = 'avatar_structure';

/** The newest avatar_structure document; out of scope answers like "no avatar", so nothing leaks. */
export async function structureAvatar(
  database: Database,
  scope: RequestScope,
  structureId: number,
): Promise<DocumentResponse> {
  const [latest] = (await canSeeStructure(database, scope, structureId))
    ? await listStructureDocuments(database, structureId, [AVATAR_DOCUMENT_TYPE], null, 1)
    : [];
  if (!latest) throw notFound('Aucun avatar pour cette structure');
  return toDocumentResponse(latest);
}
