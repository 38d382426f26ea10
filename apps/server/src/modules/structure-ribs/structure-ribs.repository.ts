import type { StructureRib } from '@gdf/domain';
import type { Database } from '../../db/database';

/** A stored account: the response's columns but the two the service computes (mask, checksum). */
export type RibRow = Omit<StructureRib, 'IBANMasque' | 'ibanValide'>;

export async function listRibsOfStructure(database: Database, structureId: number): Promise<RibRow[]> {
  return database.query<RibRow>(
    `SELECT id, "ID_Structure", "IBAN", "BIC", "Titulaire", "Banque", "MandatRUM",
            "MandatDateSignature"::text AS "MandatDateSignature", "EST_Valide"
       FROM "STR_StructureRib" WHERE "ID_Structure" = $1
      ORDER BY "EST_Valide" DESC, id`,
    [structureId],
  );
}
