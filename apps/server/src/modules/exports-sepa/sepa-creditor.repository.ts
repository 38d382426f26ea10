import { HEAD_OFFICE_STRUCTURE_ID } from '@gdf/domain';
import type { Queryable } from '../../db/queryable';

export interface HeadOfficeRow {
  NomStructure: string;
  Titulaire: string | null;
  IBAN: string | null;
  BIC: string | null;
  Adresse1: string | null;
  Adresse2: string | null;
  CodePostal: string | null;
  Ville: string | null;
  Pays: string | null;
}

/** The head office's name and address, with its own RIB (the valid one first, then the latest). */
export async function readHeadOfficeCreditor(db: Queryable): Promise<HeadOfficeRow | undefined> {
  const [row] = await db.query<HeadOfficeRow>(
    `SELECT s."NomStructure", r."Titulaire", r."IBAN", r."BIC", a."Adresse1", a."Adresse2", a."CodePostal", a."Ville", a."Pays"
       FROM "STR_Structure" s
       LEFT JOIN "ADR_Adresse" a ON a.id = s."ID_Adresse"
       LEFT JOIN LATERAL (SELECT * FROM "STR_StructureRib" rib WHERE rib."ID_Structure" = s.id
                           ORDER BY rib."EST_Valide" DESC, rib.id DESC LIMIT 1) r ON TRUE
      WHERE s.id = $1`,
    [HEAD_OFFICE_STRUCTURE_ID],
  );
  return row;
}
