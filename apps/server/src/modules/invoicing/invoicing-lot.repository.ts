import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import type { RequestScope } from '../scope/scope';

type Reader = Pick<Database, 'query'> | Queryable;

export interface StoredLot {
  id: number;
  key: string;
  label: string;
  jobId: number | null;
  content: unknown;
  selection: unknown;
  userId: number;
}

/**
 * R-INV-09: a key is the caller's own: it is stored as 'userId:key' so that another user of the
 * same structure choosing the same key makes another lot (neither a 409 telling them it exists
 * nor someone else's lot), within the unique index (issuing structure, key).
 */
const storedKey = (scope: RequestScope, key: string) => `${scope.actor.userId}:${key}`;
/** The key as its user gave it. */
const LOT_KEY = `regexp_replace("Cle", '^[0-9]+:', '')`;

/** R-INV-09: the lot of this key, made now or found as made before; `created` tells which. */
export async function claimLot(
  tx: Queryable,
  scope: RequestScope,
  key: string,
  label: string,
  content: unknown,
  selection: unknown,
): Promise<{ lot: StoredLot; created: boolean; sameContent: boolean }> {
  const inserted = await tx.query<{ id: number }>(
    `INSERT INTO "FAC_Lot" ("Cle", "ID_StructureEmettrice", "ID_Utilisateur", "Libelle", "Contenu", "Selection")
     VALUES ($1::text, $2::int, $3::int, $4::text, $5::jsonb, $6::jsonb)
     ON CONFLICT ("ID_StructureEmettrice", "Cle") DO NOTHING RETURNING id`,
    [
      storedKey(scope, key),
      scope.currentStructureId,
      scope.actor.userId,
      label,
      JSON.stringify(content),
      JSON.stringify(selection),
    ],
  );
  const [lot] = await tx.query<StoredLot & { sameContent: boolean }>(
    `SELECT id, ${LOT_KEY} AS key, "Libelle" AS label, "ID_Traitement" AS "jobId", "Contenu" AS content,
            "Selection" AS selection, "ID_Utilisateur" AS "userId",
            "Contenu" = $3::jsonb AND "Selection" = $4::jsonb AS "sameContent"
       FROM "FAC_Lot" WHERE "ID_StructureEmettrice" = $1 AND "Cle" = $2`,
    [scope.currentStructureId, storedKey(scope, key), JSON.stringify(content), JSON.stringify(selection)],
  );
  const { sameContent, ...stored } = lot!;
  return { lot: stored, created: inserted.length === 1, sameContent };
}

/** The lot's content (what every invoice says), its row locked when `tx` is a transaction. */
export async function lockLotContent<Content>(tx: Reader, lotId: number): Promise<Content> {
  const [lot] = await tx.query<{ content: Content }>(
    `SELECT "Contenu" AS content FROM "FAC_Lot" WHERE id = $1 FOR UPDATE`,
    [lotId],
  );
  if (!lot) throw new Error(`lot de facturation ${lotId} introuvable`);
  return lot.content;
}

export async function setLotJob(tx: Queryable, lotId: number, jobId: number): Promise<void> {
  await tx.query(`UPDATE "FAC_Lot" SET "ID_Traitement" = $2 WHERE id = $1`, [lotId, jobId]);
}

export async function findLot(database: Reader, scope: RequestScope, lotId: number): Promise<StoredLot | null> {
  const [lot] = await database.query<StoredLot>(
    `SELECT id, ${LOT_KEY} AS key, "Libelle" AS label, "ID_Traitement" AS "jobId", "Contenu" AS content,
            "Selection" AS selection, "ID_Utilisateur" AS "userId"
       FROM "FAC_Lot" WHERE id = $1 AND "ID_StructureEmettrice" = $2`,
    [lotId, scope.currentStructureId],
  );
  return lot ?? null;
}

/** The structures a lot has settled (issued or left out). */
export async function lotStructuresDone(tx: Reader, lotId: number): Promise<Set<number>> {
  const rows = await tx.query<{ id: number }>(
    `SELECT "ID_Structure" AS id FROM "FAC_LotStructure" WHERE "ID_Lot" = $1`,
    [lotId],
  );
  return new Set(rows.map((row) => row.id));
}

export async function recordLotStructures(
  tx: Queryable,
  lotId: number,
  rows: ReadonlyArray<{ structureId: number; fluxId: number | null; reason: string | null }>,
): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO "FAC_LotStructure" ("ID_Lot", "ID_Structure", "ID_FluxFinancier", "Raison")
     SELECT $1::int, x."structureId", x."fluxId", x.reason
       FROM jsonb_to_recordset($2::jsonb) AS x("structureId" integer, "fluxId" integer, reason text)`,
    [lotId, JSON.stringify(rows)],
  );
}

export async function lotReport(
  database: Reader,
  lotId: number,
): Promise<
  Array<{
    structureId: number;
    structure: string;
    fluxId: number | null;
    seasonId: number | null;
    reason: string | null;
  }>
> {
  return database.query(
    `SELECT ls."ID_Structure" AS "structureId", s."NomStructure" AS structure, ls."ID_FluxFinancier" AS "fluxId",
            f."ID_Saison" AS "seasonId", ls."Raison" AS reason
       FROM "FAC_LotStructure" ls JOIN "STR_Structure" s ON s.id = ls."ID_Structure"
       LEFT JOIN "MKP_FluxFinancier" f ON f.id = ls."ID_FluxFinancier"
      WHERE ls."ID_Lot" = $1 ORDER BY ls."ID_Structure"`,
    [lotId],
  );
}
