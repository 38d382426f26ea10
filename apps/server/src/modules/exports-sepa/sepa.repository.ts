import type { Queryable } from '../flux/transaction';
import { structureScopeCondition, type RequestScope } from '../scope/scope';

export const SEPA_BATCH_TYPE = 'prelevement_sepa';
export const SEPA_AUDIT_ACTION = 'export_sepa';

export interface SepaSelection {
  categories: number[];
  saison?: number | undefined;
}

/** Per structure: what it owes by direct debit, with its RIB (the valid, newest one first) and address. */
export interface DebtorDueRow {
  ID_Structure: number;
  NomStructure: string;
  nbFlux: number;
  total: string;
  IBAN: string | null;
  BIC: string | null;
  Titulaire: string | null;
  MandatRUM: string | null;
  MandatDateSignature: string | null;
  EST_Valide: boolean | null;
  Adresse1: string | null;
  CodePostal: string | null;
  Ville: string | null;
  Pays: string | null;
}

/** An int[] literal: drizzle would spread a JS array into several parameters inside a transaction. */
const intArray = (values: readonly number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;

/** Unpaid, not relaunched, not yet in a batch, positive debits of the selection, within scope. */
function collectableCondition(scope: RequestScope, selection: SepaSelection, params: unknown[]): string {
  const conditions = [
    'f."EST_Debit"',
    'NOT f."EST_Reglement"',
    'f."ID_FluxFinancierRelance" IS NULL',
    'f."ID_Traitement" IS NULL',
    'f."MontantTTC" > 0',
    `f."ID_CategoryFlux" = ANY($${params.push(intArray(selection.categories))}::int[])`,
    structureScopeCondition(scope, 'f."ID_Structure"', params),
  ];
  if (selection.saison !== undefined) conditions.push(`f."ID_Saison" = $${params.push(selection.saison)}`);
  return conditions.join(' AND ');
}

export async function findDebtorsDue(
  db: Queryable,
  scope: RequestScope,
  selection: SepaSelection,
): Promise<DebtorDueRow[]> {
  const params: unknown[] = [];
  return db.query<DebtorDueRow>(
    `WITH due AS (
       SELECT f."ID_Structure" AS sid, count(*)::int AS n, sum(f."MontantTTC")::text AS total
         FROM "MKP_FluxFinancier" f
        WHERE ${collectableCondition(scope, selection, params)}
        GROUP BY f."ID_Structure")
     SELECT s.id AS "ID_Structure", s."NomStructure", due.n AS "nbFlux", due.total,
            r."IBAN", r."BIC", r."Titulaire", r."MandatRUM", r."MandatDateSignature"::text AS "MandatDateSignature",
            r."EST_Valide", a."Adresse1", a."CodePostal", a."Ville", a."Pays"
       FROM due
       JOIN "STR_Structure" s ON s.id = due.sid
       LEFT JOIN "ADR_Adresse" a ON a.id = s."ID_Adresse"
       LEFT JOIN LATERAL (
         SELECT * FROM "STR_StructureRib" rib WHERE rib."ID_Structure" = s.id
          ORDER BY rib."EST_Valide" DESC, rib."Z_DateCreation" DESC, rib.id DESC LIMIT 1) r ON TRUE
      ORDER BY s."NomStructure", s.id`,
    params,
  );
}

export interface ClaimedFluxRow {
  id: number;
  ID_Structure: number;
  NomFluxFinancier: string;
  amount: string;
}

/**
 * Puts the collectable flux of `structureIds` into the batch. Only rows still without a
 * batch are claimed: a concurrent generation waits for the row locks, then skips them.
 */
export async function claimFlux(
  tx: Queryable,
  scope: RequestScope,
  selection: SepaSelection,
  structureIds: number[],
  batchId: number,
): Promise<ClaimedFluxRow[]> {
  const params: unknown[] = [batchId, intArray(structureIds)];
  return tx.query<ClaimedFluxRow>(
    `UPDATE "MKP_FluxFinancier" f SET "ID_Traitement" = $1
      WHERE f."ID_Structure" = ANY($2::int[]) AND ${collectableCondition(scope, selection, params)}
      RETURNING f.id, f."ID_Structure", f."NomFluxFinancier", f."MontantTTC"::text AS amount`,
    params,
  );
}

export async function insertBatch(tx: Queryable, structureId: number, userId: number): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO "MKP_Traitement" ("TypeTraitement", "ID_Structure", "ID_Utilisateur") VALUES ($1, $2, $3) RETURNING id`,
    [SEPA_BATCH_TYPE, structureId, userId],
  );
  if (!row) throw new Error('MKP_Traitement insert returned no id');
  return row.id;
}

export async function completeBatch(
  tx: Queryable,
  batch: {
    id: number;
    fileName: string;
    contentId: number;
    structureId: number;
    userId: number;
    details: Record<string, unknown>;
  },
): Promise<void> {
  await tx.query(`UPDATE "MKP_Traitement" SET "NomFichier" = $2, "ID_Contenu" = $3 WHERE id = $1`, [
    batch.id,
    batch.fileName,
    batch.contentId,
  ]);
  await tx.query(
    `INSERT INTO "APP_AuditLog" ("ID_Utilisateur", "ID_Structure", "Action", "TableCible", "ID_Cible", "Details")
     VALUES ($1, $2, $3, 'MKP_Traitement', $4, $5::jsonb)`,
    [batch.userId, batch.structureId, SEPA_AUDIT_ACTION, batch.id, JSON.stringify(batch.details)],
  );
}
