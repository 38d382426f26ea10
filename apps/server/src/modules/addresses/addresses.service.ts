import { departementCodeFromPostalCode } from '@gdf/domain';
import type { Database } from '../../db/database';
import { badRequest, forbidden, notFound } from '../../lib/http-errors';
import type { RequestScope } from '../scope/scope';
import { canSeeStructure } from '../scope/can-see-structure';
import { findDepartement, type DepartementWithStructures } from '../departements/departements.service';
import { findStructureLocation } from './addresses.repository';

/** The department of a postal code, with the comité and the ligue that cover it. */
export async function departementOfPostalCode(
  database: Database,
  postalCode: string,
): Promise<DepartementWithStructures> {
  const code = departementCodeFromPostalCode(postalCode);
  if (code === null) throw badRequest('Requête invalide : zipcode : code postal invalide');
  const departement = await findDepartement(database, { code });
  if (!departement) throw notFound(`Aucun département connu pour le code postal ${postalCode}`);
  return departement;
}

/**
 * A structure's department, from its address postal code; the department recorded on
 * the structure is the fallback when the address has none (or a foreign one).
 */
export async function departementOfStructure(
  database: Database,
  scope: RequestScope,
  structureId: number,
): Promise<DepartementWithStructures> {
  if (!(await canSeeStructure(database, scope, structureId)))
    throw forbidden("Vous n'avez pas accès à cette structure.");
  const structure = await findStructureLocation(database, structureId);
  const code = structure?.postalCode ? departementCodeFromPostalCode(structure.postalCode) : null;
  const departement =
    (code !== null ? await findDepartement(database, { code }) : null) ??
    (structure?.departementId ? await findDepartement(database, { id: structure.departementId }) : null);
  if (!departement) throw notFound('Département introuvable pour cette structure');
  return departement;
}
