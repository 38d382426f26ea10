import type { StructureStatusResponse } from '@gdf/domain';
import type { Database } from '../../db/database';

/**
 * One row per structure, as GET /api/structures/{id}/status sends it: blocked flag, and
 * affiliation ever / on the season flagged current.
 */
export async function findStructureStatus(
  database: Database,
  structureId: number,
): Promise<StructureStatusResponse | undefined> {
  const [row] = await database.query<StructureStatusResponse>(
    `SELECT s.id, s."NomStructure", s."ID_TypeStructure", s."EST_Bloquee",
            EXISTS (SELECT 1 FROM "STR_Affiliation" a WHERE a."ID_Structure" = s.id) AS "affiliated",
            EXISTS (SELECT 1 FROM "STR_Affiliation" a
                      JOIN "FEDE_Saison" se ON se.id = a."ID_Saison" AND se."EST_SaisonCourante"
                     WHERE a."ID_Structure" = s.id) AS "affiliatedCurrentSeason"
       FROM "STR_Structure" s
      WHERE s.id = $1`,
    [structureId],
  );
  return row;
}
