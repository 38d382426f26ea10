import type { Database } from '../../db/database';

export interface RibRow {
  id: number;
  ID_Structure: number;
  IBAN: string;
  BIC: string | null;
  Titulaire: string;
  Banque: string | null;
  MandatRUM: string | null;
  MandatDateSignature: string | null;
  EST_Valide: boolean;
}

export async function listRibsOfStructure(database: Database, structureId: number): Promise<RibRow[]> {
  return database.query<RibRow>(
    `SELECT id, "ID_Structure", "IBAN", "BIC", "Titulaire", "Banque", "MandatRUM",
            "MandatDateSignature"::text AS "MandatDateSignature", "EST_Valide"
       FROM "STR_StructureRib" WHERE "ID_Structure" = $1
      ORDER BY "EST_Valide" DESC, id`,
    [structureId],
  );
}
