import { normalizeIban, type DebitCollectionWindow } from '@gdf/domain';
import type { Queryable } from '../../db/queryable';
import type { BatchFluxRow, BatchTransaction, PresentedAccount } from './sepa-batch';
import { structureScopeCondition, type RequestScope } from '../scope/scope';
import { intArray } from '../../db/sql-arrays';
import { SEPA_AUDIT_ACTION, SEPA_BATCH_TYPE } from '../../db/sepa-records';

export interface SepaSelection {
  categories: number[];
  saison?: number | undefined;
}

/**
 * Flux of a structure a file on the chosen date may not collect yet (R-SEPA-11), grouped by
 * what their invoices announced: the document's day and the day fixed for the debit.
 */
interface PendingDebits {
  issueDay: string;
  fixedDay: string | null;
  nbFlux: number;
  total: string;
}

/**
 * Per structure: what it owes by direct debit and a file on the chosen date may collect, what
 * it may not collect yet, its RIB (the valid, newest one first) and address.
 */
export interface DebtorDueRow {
  ID_Structure: number;
  NomStructure: string;
  ID_CodeFederal?: string | null;
  nbFlux: number;
  total: string;
  /** Null when every flux may be collected on the date. */
  pending?: PendingDebits[] | null;
  IBAN: string | null;
  BIC: string | null;
  Titulaire: string | null;
  MandatRUM: string | null;
  MandatDateSignature: string | null;
  EST_Valide: boolean | null;
  Adresse1: string | null;
  Adresse2?: string | null;
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

/**
 * What the invoice of flux `f` announced (R-SEPA-11), from the same facts: the frozen ones of
 * its issuance (MKP_FluxEmission `e`, LEFT JOINed) when issued, else the flux's own (its
 * issuance will freeze them): the document's Paris day and the day fixed for the debit (its
 * due date, else the collection date of the batch that held it when issued).
 */
const ISSUE_DAY_SQL = `(coalesce(e."DateFlux", f."Z_DateCreation") AT TIME ZONE 'Europe/Paris')::date`;
const FIXED_DAY_SQL = `CASE WHEN e."ID_FluxFinancier" IS NULL THEN f."DateEcheance"
  ELSE coalesce(e."DateEcheance", e."DatePrelevementLot") END`;

/** Whether a file of the window's date may collect the flux: debitCollectionWindow's two comparisons. */
function announcedCondition(window: DebitCollectionWindow, params: unknown[]): string {
  const issue = `$${params.push(window.latestIssueDay)}::date`;
  const fixed = `$${params.push(window.latestFixedDay)}::date`;
  return `(${ISSUE_DAY_SQL} <= ${issue} AND coalesce(${FIXED_DAY_SQL}, ${fixed}) <= ${fixed})`;
}

export async function findDebtorsDue(
  db: Queryable,
  scope: RequestScope,
  selection: SepaSelection,
  window: DebitCollectionWindow,
): Promise<DebtorDueRow[]> {
  const params: unknown[] = [];
  const collectable = collectableCondition(scope, selection, params);
  const announced = announcedCondition(window, params);
  return db.query<DebtorDueRow>(
    `WITH candidate AS (
       SELECT f."ID_Structure" AS sid, f."MontantTTC" AS amount, ${announced} AS ready,
              ${ISSUE_DAY_SQL} AS issue_day, ${FIXED_DAY_SQL} AS fixed_day
         FROM "MKP_FluxFinancier" f
         LEFT JOIN "MKP_FluxEmission" e ON e."ID_FluxFinancier" = f.id
        WHERE ${collectable}),
     grouped AS (
       SELECT sid, ready, CASE WHEN NOT ready THEN issue_day END AS issue_day,
              CASE WHEN NOT ready THEN fixed_day END AS fixed_day, count(*)::int AS n, sum(amount) AS total
         FROM candidate GROUP BY 1, 2, 3, 4),
     due AS (
       SELECT sid, coalesce(sum(n) FILTER (WHERE ready), 0)::int AS n,
              coalesce(sum(total) FILTER (WHERE ready), 0)::text AS total,
              jsonb_agg(jsonb_build_object('issueDay', issue_day, 'fixedDay', fixed_day, 'nbFlux', n, 'total', total::text)
                        ORDER BY issue_day, fixed_day) FILTER (WHERE NOT ready) AS pending
         FROM grouped GROUP BY sid)
     SELECT s.id AS "ID_Structure", s."NomStructure", s."ID_CodeFederal", due.n AS "nbFlux", due.total, due.pending,
            r."IBAN", r."BIC", r."Titulaire", r."MandatRUM", r."MandatDateSignature"::text AS "MandatDateSignature",
            r."EST_Valide", a."Adresse1", a."Adresse2", a."CodePostal", a."Ville", a."Pays"
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
 * Locks the flux of `structureIds` a file on the window's date may collect (SELECT ... FOR
 * UPDATE): a concurrent generation waits for the locks, then re-reads the rows and skips those
 * claimed meanwhile. Nothing is claimed yet: the file must pass its checks first.
 */
export async function lockCollectableFlux(
  tx: Queryable,
  scope: RequestScope,
  selection: SepaSelection,
  window: DebitCollectionWindow,
  structureIds: number[],
): Promise<BatchFluxRow[]> {
  const params: unknown[] = [intArray(structureIds)];
  return tx.query<BatchFluxRow>(
    `SELECT f.id, f."ID_Structure", f."NomFluxFinancier", f."MontantTTC"::text AS amount
       FROM "MKP_FluxFinancier" f
       LEFT JOIN "MKP_FluxEmission" e ON e."ID_FluxFinancier" = f.id
      WHERE f."ID_Structure" = ANY($1::int[]) AND ${collectableCondition(scope, selection, params)}
        AND ${announcedCondition(window, params)}
      ORDER BY f.id
        FOR UPDATE OF f`,
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
