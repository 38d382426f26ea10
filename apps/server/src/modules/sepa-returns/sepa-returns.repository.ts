import type { Queryable } from '../../db/queryable';
import { structureScopeCondition, type RequestScope } from '../scope/scope';
import { batchCollectionDateSql, SEPA_AUDIT_ACTION, SEPA_BATCH_TYPE } from '../../db/sepa-records';
import { intArray } from '../../db/sql-arrays';

export const SEPA_RETURN_AUDIT_ACTION = 'import_retour_sepa';

/** A flux collected by one of our batches, with its return when it already has one. */
export interface ReturnedFluxRow {
  id: number;
  ID_Traitement: number;
  ID_Structure: number;
  NomStructure: string;
  NomFluxFinancier: string;
  amount: string;
  EST_Reglement: boolean;
  CodeRaison: string | null;
  DateRetour: string | null;
  /** The batch's requested collection date (YYYY-MM-DD, from its audit row); null when not recorded. */
  DateEcheance: string | null;
}

/**
 * The flux among `fluxIds` that a SEPA batch collected, within scope (a flux out of scope
 * is reported as unknown, so a report reveals nothing about other structures' flux).
 */
export async function findCollectedFlux(
  db: Queryable,
  scope: RequestScope,
  fluxIds: readonly number[],
): Promise<ReturnedFluxRow[]> {
  if (fluxIds.length === 0) return [];
  const params: unknown[] = [intArray(fluxIds), SEPA_BATCH_TYPE, SEPA_AUDIT_ACTION];
  return db.query<ReturnedFluxRow>(
    `SELECT f.id, f."ID_Traitement", f."ID_Structure", s."NomStructure", f."NomFluxFinancier",
            f."MontantTTC"::text AS amount, f."EST_Reglement", r."CodeRaison", r."DateRetour"::text AS "DateRetour",
            ${batchCollectionDateSql('l')}
              AS "DateEcheance"
       FROM "MKP_FluxFinancier" f
       JOIN "MKP_Traitement" t ON t.id = f."ID_Traitement" AND t."TypeTraitement" = $2
       JOIN "STR_Structure" s ON s.id = f."ID_Structure"
       LEFT JOIN "MKP_RetourPrelevement" r ON r."ID_FluxFinancier" = f.id
       LEFT JOIN "APP_AuditLog" l ON l."Action" = $3 AND l."TableCible" = 'MKP_Traitement' AND l."ID_Cible" = t.id
      WHERE f.id = ANY($1::int[]) AND f."EST_Debit" AND ${structureScopeCondition(scope, 'f."ID_Structure"', params)}`,
    params,
  );
}

export async function importIdOfFile(db: Queryable, sha256: string): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(`SELECT id FROM "MKP_ImportRetour" WHERE "Sha256" = $1`, [sha256]);
  return row?.id ?? null;
}

/**
 * Serialises return imports (a rare, small operation): what an import reads as already
 * rejected stays true until it commits, on PGlite and PostgreSQL, across processes.
 */
export async function lockReturnImports(tx: Queryable): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('MKP_ImportRetour'))`);
}

/** The import row, or null when this file (same SHA-256) was imported already. */
export async function insertImport(
  tx: Queryable,
  file: { sha256: string; fileName: string; format: string; structureId: number; userId: number },
): Promise<number | null> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO "MKP_ImportRetour" ("Sha256", "NomFichier", "Format", "ID_Structure", "ID_Utilisateur")
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT ("Sha256") DO NOTHING RETURNING id`,
    [file.sha256, file.fileName, file.format, file.structureId, file.userId],
  );
  return row?.id ?? null;
}

export async function attachImportContent(tx: Queryable, importId: number, contentId: number): Promise<void> {
  await tx.query(`UPDATE "MKP_ImportRetour" SET "ID_Contenu" = $2 WHERE id = $1`, [importId, contentId]);
}

export interface NewReturn {
  fluxId: number;
  type: 'rejet' | 'retour';
  code: string | null;
  date: string;
  amount: string | null;
  endToEndId: string;
}

/** Records the returns; a flux already rejected keeps its first return (unique flux). Returns the flux changed. */
export async function insertReturns(tx: Queryable, importId: number, returns: readonly NewReturn[]): Promise<number[]> {
  if (returns.length === 0) return [];
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO "MKP_RetourPrelevement"
       ("ID_FluxFinancier", "ID_ImportRetour", "TypeRetour", "CodeRaison", "DateRetour", "MontantRetour", "EndToEndId")
     SELECT x."fluxId", $1::integer, x.type, x.code, x.date::date, x.amount::numeric, x."endToEndId"
       FROM jsonb_to_recordset($2::jsonb)
         AS x("fluxId" integer, type text, code text, date text, amount text, "endToEndId" text)
     ON CONFLICT ("ID_FluxFinancier") DO NOTHING
     RETURNING "ID_FluxFinancier" AS id`,
    [importId, JSON.stringify(returns)],
  );
  return rows.map((row) => row.id);
}

/** A returned debit is unpaid again: clears the paid flag of those marked paid, returns their ids. */
export async function markUnpaid(tx: Queryable, fluxIds: readonly number[]): Promise<number[]> {
  if (fluxIds.length === 0) return [];
  const rows = await tx.query<{ id: number }>(
    `UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = false
      WHERE id = ANY($1::int[]) AND "EST_Reglement" RETURNING id`,
    [intArray(fluxIds)],
  );
  return rows.map((row) => row.id);
}
