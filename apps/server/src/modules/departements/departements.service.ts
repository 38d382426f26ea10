import type { Database } from '../../db/database';
import { notFound } from '../../lib/http-errors';
import type { DepartementWithStructures } from './departement-response';
import { findDepartementByCode, findDepartementById } from './departement.repository';

// The response a departement is sent as, read by the addresses' routes too.
export { departementResponseSchema, type DepartementWithStructures } from './departement-response';

/** A department with its ligue and comité: reference data any signed-in user may read. */
export async function departementById(database: Database, id: number): Promise<DepartementWithStructures> {
  const departement = await findDepartementById(database, id);
  if (!departement) throw notFound('Département introuvable');
  return departement;
}

/** A department by its id or its INSEE code ('69', '2A', '971'), or null when none is known. */
export function findDepartement(
  database: Database,
  key: { id: number } | { code: string },
): Promise<DepartementWithStructures | null> {
  return 'id' in key ? findDepartementById(database, key.id) : findDepartementByCode(database, key.code);
}
