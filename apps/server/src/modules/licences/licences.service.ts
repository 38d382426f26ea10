import type { Database } from '../../db/database';
import { forbidden } from '../../lib/http-errors';
import type { RequestScope } from '../scope/scope';
import { canSeeStructure } from '../scope/can-see-structure';
import { countLicences } from './licences.repository';

export async function countStructureLicences(
  database: Database,
  scope: RequestScope,
  structureId: number,
  seasonId: number,
): Promise<{ count: number }> {
  if (!(await canSeeStructure(database, scope, structureId)))
    throw forbidden("Vous n'avez pas accès à cette structure.");
  return { count: await countLicences(database, structureId, seasonId) };
}
