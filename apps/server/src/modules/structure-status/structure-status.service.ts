import type { StructureStatusResponse, StructureTypeId } from '@gdf/domain';
import type { Database } from '../../db/database';
import { notFound } from '../../lib/http-errors';
import { canSeeStructure } from '../scope/can-see-structure';
import type { RequestScope, StructureStanding } from '../scope/scope';
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

/**
 * A structure's type and standing, which gate every module, or null when it does not
 * exist. No scope check: the request's scope is being built from it.
 */
export async function structureStanding(
  database: Database,
  structureId: number,
): Promise<{ type: StructureTypeId; standing: StructureStanding } | null> {
  const row = await findStructureStatus(database, structureId);
  if (!row) return null;
  return {
    type: row.ID_TypeStructure,
    standing: {
      blocked: row.EST_Bloquee,
      affiliated: row.affiliated,
      affiliatedCurrentSeason: row.affiliatedCurrentSeason,
    },
  };
}
