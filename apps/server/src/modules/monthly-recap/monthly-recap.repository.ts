import { StructureType } from '@gdf/domain';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { CONTENT_NATURE } from '../../db/content-store';
import { issuedStatementStore, type StoredStatement } from '../../db/issued-statement-store';
import { intArray } from '../../db/sql-arrays';

// R-RECAP-01..07: what a 'Récapitulatif mensuel' is built from, the recaps issued
// (RM_RecapitulatifMensuelEmis) and the structures' e-mail opt-in (RM_AbonnementRecapitulatif).

type Reader = Pick<Database, 'query'> | Queryable;

export const RECAP_TABLE = 'RM_RecapitulatifMensuelEmis';
export const RECAP_AUDIT = {
  issued: 'emission_recapitulatif_mensuel',
  downloaded: 'telechargement_recapitulatif_mensuel',
  subscription: 'abonnement_recapitulatif_mensuel',
} as const;

/** Stored as the other statements are (ADR 0031): one per structure and month, its Empreinte the month. */
export const recapStore = issuedStatementStore({
  table: RECAP_TABLE,
  dayColumn: 'DateEmission',
  dayInKey: false,
  amountColumns: {},
  nature: CONTENT_NATURE.monthlyRecap,
  issuedAction: RECAP_AUDIT.issued,
});

export type IssuedRecap = StoredStatement;

/** The structure's type and its federation members: a head office's recap is theirs (R-RECAP-01). */
export async function recapStructures(database: Reader, structureId: number): Promise<number | number[]> {
  if ((await structureTypeOf(database, structureId)) !== StructureType.Federation) return structureId;
  const members = await database.query<{ id: number }>(
    `SELECT id FROM "STR_Structure" WHERE id = $1 OR "ID_Federation" = $1 ORDER BY id`,
    [structureId],
  );
  return members.map((member) => member.id);
}

/** R-RECAP-01: each flux' category name, by flux id. */
export async function fluxCategories(database: Reader, fluxIds: readonly number[]): Promise<Map<number, string>> {
  if (fluxIds.length === 0) return new Map();
  const rows = await database.query<{ id: number; category: string }>(
    `SELECT f.id, c."NomCategoryFlux" AS category FROM "MKP_FluxFinancier" f
       JOIN "MKP_CategoryFlux" c ON c.id = f."ID_CategoryFlux" WHERE f.id = ANY($1::int[])`,
    [intArray(fluxIds)],
  );
  return new Map(rows.map((row) => [row.id, row.category]));
}

/** A structure's type, or null when unknown. */
export async function structureTypeOf(database: Reader, structureId: number): Promise<number | null> {
  const [row] = await database.query<{ type: number }>(
    `SELECT "ID_TypeStructure" AS type FROM "STR_Structure" WHERE id = $1`,
    [structureId],
  );
  return row?.type ?? null;
}

/** R-RECAP-02: the first day of the data (the first season's), or null without any season. */
export async function firstDataDay(database: Reader): Promise<string | null> {
  const [row] = await database.query<{ day: string | null }>(`SELECT min("DateDebut")::text AS day FROM "FEDE_Saison"`);
  return row?.day ?? null;
}

/** R-RECAP-07: when each recap's e-mail was sent (its last sent delivery), by recap id. */
export async function recapSentAt(database: Reader, recapIds: readonly number[]): Promise<Map<number, string>> {
  if (recapIds.length === 0) return new Map();
  const rows = await database.query<{ id: number; at: Date | string }>(
    `SELECT "ID_RecapitulatifMensuel" AS id, max("DateEnvoi") AS at FROM "MEL_Envoi"
      WHERE "ID_RecapitulatifMensuel" = ANY($1::int[]) AND "DateEnvoi" IS NOT NULL GROUP BY 1`,
    [intArray(recapIds)],
  );
  return new Map(rows.map((row) => [row.id, new Date(row.at).toISOString()]));
}

/** R-RECAP-07: the structure's opt-in and billing address. */
export async function recapSubscription(
  database: Reader,
  structureId: number,
): Promise<{ subscribed: boolean; billingEmail: string | null }> {
  const [row] = await database.query<{ subscribed: boolean | null; billingEmail: string | null }>(
    `SELECT a."EST_AbonnementEmail" AS subscribed, s."CT_EmailFacturation" AS "billingEmail"
       FROM "STR_Structure" s LEFT JOIN "RM_AbonnementRecapitulatif" a ON a."ID_Structure" = s.id WHERE s.id = $1`,
    [structureId],
  );
  return { subscribed: row?.subscribed ?? false, billingEmail: row?.billingEmail ?? null };
}

/** R-RECAP-07: sets the opt-in; the value before, for the audit row. */
export async function setRecapSubscription(tx: Queryable, structureId: number, subscribed: boolean): Promise<boolean> {
  const [before] = await tx.query<{ subscribed: boolean }>(
    `SELECT "EST_AbonnementEmail" AS subscribed FROM "RM_AbonnementRecapitulatif" WHERE "ID_Structure" = $1 FOR UPDATE`,
    [structureId],
  );
  await tx.query(
    `INSERT INTO "RM_AbonnementRecapitulatif" ("ID_Structure", "EST_AbonnementEmail") VALUES ($1, $2)
     ON CONFLICT ("ID_Structure") DO UPDATE SET "EST_AbonnementEmail" = $2, "Z_DateModification" = now()`,
    [structureId, subscribed],
  );
  return before?.subscribed ?? false;
}

/** R-RECAP-05: every structure a month's job states, in id order from `afterId`, `limit` at most. */
export async function structuresAfter(database: Reader, afterId: number, limit: number): Promise<number[]> {
  const rows = await database.query<{ id: number }>(
    `SELECT id FROM "STR_Structure" WHERE id > $1 ORDER BY id LIMIT $2`,
    [afterId, limit],
  );
  return rows.map((row) => row.id);
}

/** A recap to e-mail: its structure's name and billing address. */
export interface RecapToMail {
  id: number;
  number: string;
  structureId: number;
  structure: string;
  billingEmail: string;
  resteDuCents: number;
}

/** R-RECAP-07: the month's recaps of the structures that opted in, with a billing address, never queued for e-mail. */
export async function recapsToMail(database: Reader, month: string): Promise<RecapToMail[]> {
  return database.query<RecapToMail>(
    `SELECT r.id, r."Numero" AS number, r."ID_Structure" AS "structureId", s."NomStructure" AS structure,
            s."CT_EmailFacturation" AS "billingEmail", r."SoldeFinalCentimes"::bigint::float8 AS "resteDuCents"
       FROM "RM_RecapitulatifMensuelEmis" r
       JOIN "RM_AbonnementRecapitulatif" a ON a."ID_Structure" = r."ID_Structure" AND a."EST_AbonnementEmail"
       JOIN "STR_Structure" s ON s.id = r."ID_Structure" AND s."CT_EmailFacturation" IS NOT NULL
      WHERE r."Empreinte" = $1
        AND NOT EXISTS (SELECT 1 FROM "MEL_Envoi" e WHERE e."ID_RecapitulatifMensuel" = r.id)
      ORDER BY r.id`,
    [month],
  );
}

/** R-RECAP-05: whether a job of `type` with `key` was ever recorded, whatever its status. */
export async function jobRecorded(database: Reader, type: string, key: string): Promise<boolean> {
  const [row] = await database.query<{ id: number }>(
    `SELECT id FROM "APP_Traitement" WHERE "Type" = $1 AND "Cle" = $2 LIMIT 1`,
    [type, key],
  );
  return row !== undefined;
}
