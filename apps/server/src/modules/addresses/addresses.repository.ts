import type { Database } from '../../db/database';

export interface StructureLocation {
  postalCode: string | null;
  departementId: number | null;
}

export async function findStructureLocation(
  database: Database,
  structureId: number,
): Promise<StructureLocation | null> {
  const rows = await database.query<StructureLocation>(
    `SELECT a."CodePostal" AS "postalCode", s."ID_Departement" AS "departementId"
       FROM "STR_Structure" s LEFT JOIN "ADR_Adresse" a ON a.id = s."ID_Adresse"
      WHERE s.id = $1`,
    [structureId],
  );
  return rows[0] ?? null;
}
