import type { Database } from '../../db/database';
import { notFound } from '../../lib/http-errors';
import type { RequestScope } from '../scope/scope';
import { canSeeStructure } from '../scope/can-see-structure';
import { documentsOfStructure } from '../files/document-list.service';
import type { DocumentResponse } from '../files/files.service';

const AVATAR_DOCUMENT_TYPE = 'avatar_structure';

/** The newest avatar_structure document; out of scope answers like "no avatar", so nothing leaks. */
export async function structureAvatar(
  database: Database,
  scope: RequestScope,
  structureId: number,
): Promise<DocumentResponse> {
  const [latest] = (await canSeeStructure(database, scope, structureId))
    ? await documentsOfStructure(database, structureId, { docTypes: [AVATAR_DOCUMENT_TYPE], seasonId: null, limit: 1 })
    : [];
  if (!latest) throw notFound('Aucun avatar pour cette structure');
  return latest;
}
