import type { StructureStatusResponse } from '@gdf/domain';
import type { Database } from '../../db/database';
import { notFound } from '../../lib/http-errors';
import { canSeeStructure, type RequestScope } from '../scope/scope';
import { findStructureStatus } from './structure-status.repository';

/**
 * The inputs of the dashboard's card states (R-PERM-02). Out of scope answers
 * like an unknown id (404), so the existence of another structure does not leak.
 */
export async function structureStatus(
  database: Database,
  scope: RequestScope,
  structureId: number,
): Promise<StructureStatusResponse> {
  const status = (await canSeeStructure(database, scope, structureId))
    ? await findStructureStatus(database, structureId)
    : undefined;
  if (!status) throw notFound('Structure introuvable');
  return status;
}
