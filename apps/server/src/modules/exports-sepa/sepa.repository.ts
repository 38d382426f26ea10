import { normalizeIban } from '@gdf/domain';
import type { Queryable } from '../../db/queryable';
import type { BatchFluxRow, BatchTransaction, PresentedAccount } from './sepa-batch';
import { structureScopeCondition, type RequestScope } from '../scope/scope';
import { intArray } from '../../db/sql-arrays';
import { SEPA_AUDIT_ACTION, SEPA_BATCH_TYPE } from './sepa-records';

export interface SepaSelection {
  categories: number[];
  saison?: number | undefined;
}

/** Per structure: what it owes by direct debit, with its RIB (the valid, newest one first) and address. */
export interface DebtorDueRow {
  ID_Structure: number;
  NomStructure: string;
  ID_CodeFederal?: string | null;
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

/** Unpaid, not relaunched, not yet in a batch, positive debits of the selection, within scope. */
function collectableCondition(scope: RequestScope, selection: SepaSelection, params: unknown[]): string {
  const conditions = [
    'f."EST_Debit"',
    'NOT f."EST_Reglement"',
    'f."ID_FluxFinancierRelance" IS NULL',
    'f."ID_Traitement" IS NULL',
    // A debit the bank rejected or returned is presented again by a relaunch, never as is.
    'NOT EXISTS (SELECT 1 FROM "MKP_RetourPrelevement" r WHERE r."ID_FluxFinancier" = f.id)',
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
     SELECT s.id AS "ID_Structure", s."NomStructure", s."ID_CodeFederal", due.n AS "nbFlux", due.total,
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

/**
 * Locks the collectable flux of `structureIds` for this batch (SELECT ... FOR UPDATE): a
 * concurrent generation waits for the locks, then re-reads the rows and skips those
 * claimed meanwhile. Nothing is claimed yet: the file must pass its checks first.
 */
export async function lockCollectableFlux(
  tx: Queryable,
  scope: RequestScope,
  selection: SepaSelection,
  structureIds: number[],
): Promise<BatchFluxRow[]> {
  const params: unknown[] = [intArray(structureIds)];
  return tx.query<BatchFluxRow>(
    `SELECT f.id, f."ID_Structure", f."NomFluxFinancier", f."MontantTTC"::text AS amount
       FROM "MKP_FluxFinancier" f
      WHERE f."ID_Structure" = ANY($1::int[]) AND ${collectableCondition(scope, selection, params)}
      ORDER BY f.id
        FOR UPDATE`,
    params,
  );
}

/** Puts the locked flux that the file holds into the batch; returns how many were claimed. */
export async function claimLockedFlux(tx: Queryable, batchId: number, fluxIds: number[]): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `UPDATE "MKP_FluxFinancier" SET "ID_Traitement" = $1
      WHERE id = ANY($2::int[]) AND "ID_Traitement" IS NULL RETURNING id`,
    [batchId, intArray(fluxIds)],
  );
  return rows.length;
}

/** Per structure and mandate (RUM), the account of its newest transaction in a file not cancelled. */
export async function lastPresentedAccounts(tx: Queryable, structureIds: number[]): Promise<PresentedAccount[]> {
  return tx.query<PresentedAccount>(
    `SELECT DISTINCT ON (p."ID_Structure", p."MandatRUM") p."ID_Structure", p."MandatRUM", p."IBAN"
       FROM "MKP_PrelevementSepa" p
       JOIN "MKP_Traitement" t ON t.id = p."ID_Traitement"
      WHERE p."ID_Structure" = ANY($1::int[]) AND t."DateAnnulation" IS NULL
      ORDER BY p."ID_Structure", p."MandatRUM", p."ID_Traitement" DESC, p.id DESC`,
    [intArray(structureIds)],
  );
}

/** What each transaction of the file was presented under (the next file's amendment reads it). */
export async function insertBatchTransactions(
  tx: Queryable,
  batchId: number,
  transactions: readonly BatchTransaction[],
): Promise<void> {
  const columns = ['fluxId', 'structureId', 'endToEndId', 'mandateReference', 'debtorIban', 'debtorBic'] as const;
  for (let start = 0; start < transactions.length; start += 1000) {
    const chunk = transactions.slice(start, start + 1000);
    const params: unknown[] = [batchId];
    const values = chunk.map(
      (t) =>
        `($1, ${columns
          .map((column) => `$${params.push(column === 'debtorIban' ? normalizeIban(t.debtorIban) : t[column])}`)
          .join(', ')})`,
    );
    await tx.query(
      `INSERT INTO "MKP_PrelevementSepa"
         ("ID_Traitement", "ID_FluxFinancier", "ID_Structure", "EndToEndId", "MandatRUM", "IBAN", "BIC")
       VALUES ${values.join(', ')}`,
      params,
    );
  }
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
