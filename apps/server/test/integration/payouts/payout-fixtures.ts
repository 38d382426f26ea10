import type { Database } from '../../../src/db/database';
import { oneId } from '../documents/document-fixtures';

/** The structure the demo's ligue user (ligue@demo.fr) administers: the ligue the payout tests pay. */
export function demoLigueId(database: Database): Promise<number> {
  return oneId(
    database,
    `SELECT su."ID_Structure" AS id FROM "UTI_Login" l JOIN "STR_StructureUtilisateur" su ON su."ID_Utilisateur" = l."ID_Utilisateur"
      WHERE l."Email" = 'ligue@demo.fr' ORDER BY su.id LIMIT 1`,
  );
}

/** Makes the club's département name `ligueId` as its ligue (R-PAY-02); the département's comité. */
export function setClubLigue(database: Database, clubId: number, ligueId: number): Promise<number> {
  return oneId(
    database,
    `UPDATE "ADR_Departement" d SET "ID_Ligue" = $2 FROM "STR_Structure" s
      WHERE s.id = $1 AND d.id = s."ID_Departement" RETURNING d."ID_Comite" AS id`,
    [clubId, ligueId],
  );
}
