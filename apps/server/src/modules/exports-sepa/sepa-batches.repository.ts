import type { SepaBatchSort } from '@gdf/domain';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { structureScopeCondition, type RequestScope } from '../scope/scope';
import { batchCollectionDateSql, SEPA_AUDIT_ACTION, SEPA_BATCH_TYPE } from '../../db/sepa-records';

/** Audit action of a cancelled batch (who, when, how many flux it released). */
const SEPA_CANCEL_AUDIT_ACTION = 'annulation_sepa';

export interface SepaBatchRow {
  id: number;
  NomFichier: string | null;
  /** Its file (DOC_Contenu); null for the seeded history, which has none. */
  ID_Contenu: number | null;
  Z_DateCreation: Date | string;
  auteur: string | null;
  /** From the batch's audit row, so listing never counts the flux table. */
  nbFlux: number | null;
  totalCents: number | null;
  DateAnnulation: Date | string | null;
  annulePar: string | null;
  /** 1 when one of its flux was marked settled, resp. relaunched, since (the bank answered), else 0. */
  nbRegles: number;
  nbRetournes: number;
  /** The requested collection date (YYYY-MM-DD, from its audit row), null when not recorded. */
  dateEcheance: string | null;
  /** R-RET-07: its flux the bank rejected or returned, and those of them relaunched since. */
  nbRejetes: number;
  centsRejetes: number;
  nbRelances: number;
  centsRelances: number;
}

/**
 * A flux the bank answered for since its file was generated (the cancellation rule of
 * @gdf/domain sepaCancellationRefusal): settled, or returned (a relaunch re-presents a
 * failed debit, or a return or reject the bank reported, MKP_RetourPrelevement).
 */
const SETTLED_FLUX = 'f."EST_Reglement"';
const RETURNED_FLUX = `(f."ID_FluxFinancierRelance" IS NOT NULL
  OR EXISTS (SELECT 1 FROM "MKP_RetourPrelevement" r WHERE r."ID_FluxFinancier" = f.id))`;

const fullName = (alias: string) =>
  `nullif(trim(coalesce(${alias}."CT_Prenom", '') || ' ' || coalesce(${alias}."CT_Nom", '')), '')`;

/**
 * R-UI-20: what the list sorts on, whitelisted (a name alone in ORDER BY is the select list's
 * column), then the batch id so every page is stable.
 */
const BATCH_ORDER: Record<SepaBatchSort, string> = {
  date: 't.id',
  // Text without regard to case, as a reader sorts it.
  fichier: 'lower(t."NomFichier")',
  auteur: `lower(${fullName('u')})`,
  flux: '"nbFlux"',
  montant: '"totalCents"',
};

/** SEPA batches made by structures within scope, newest first unless `order` says otherwise. */
export async function listSepaBatches(
  database: Database,
  scope: RequestScope,
  options: { id?: number; limit: number; offset?: number; order?: { sort: SepaBatchSort; direction: 'asc' | 'desc' } },
): Promise<SepaBatchRow[]> {
  const params: unknown[] = [SEPA_BATCH_TYPE, SEPA_AUDIT_ACTION, options.limit, SEPA_CANCEL_AUDIT_ACTION];
  const byId = options.id === undefined ? '' : `AND t.id = $${params.push(options.id)}`;
  const { sort, direction } = options.order ?? { sort: 'date', direction: 'desc' };
  const way = direction === 'asc' ? 'ASC' : 'DESC';
  const orderBy = sort === 'date' ? `t.id ${way}` : `${BATCH_ORDER[sort]} ${way} NULLS LAST, t.id DESC`;
  const offset = `OFFSET $${params.push(options.offset ?? 0)}`;
  return database.query<SepaBatchRow>(
    `SELECT t.id, t."NomFichier", t."ID_Contenu", t."Z_DateCreation", t."DateAnnulation",
            coalesce(${fullName('u')}, '') AS auteur, ${fullName('a')} AS "annulePar",
            -- Batches made before the audit row existed (seeded history) are counted from their
            -- flux, or from what their cancellation released (COALESCE runs a subquery only when needed).
            coalesce((l."Details"->>'nbFlux')::int, (c."Details"->>'nbFluxLiberes')::int,
                     (SELECT count(*)::int FROM "MKP_FluxFinancier" f WHERE f."ID_Traitement" = t.id)) AS "nbFlux",
            coalesce((l."Details"->>'totalCents')::bigint, (c."Details"->>'totalCents')::bigint,
                     (SELECT (coalesce(sum(f."MontantTTC"), 0) * 100)::bigint FROM "MKP_FluxFinancier" f
                       WHERE f."ID_Traitement" = t.id))::float8 AS "totalCents",
            -- Whether the bank answered for one of its flux (cancellation rule), stopping at the
            -- first one; not looked at once cancelled.
            (t."DateAnnulation" IS NULL AND EXISTS (SELECT 1 FROM "MKP_FluxFinancier" f
               WHERE f."ID_Traitement" = t.id AND ${SETTLED_FLUX}))::int AS "nbRegles",
            (t."DateAnnulation" IS NULL AND EXISTS (SELECT 1 FROM "MKP_FluxFinancier" f
               WHERE f."ID_Traitement" = t.id AND ${RETURNED_FLUX}))::int AS "nbRetournes",
            ${batchCollectionDateSql('l')}
              AS "dateEcheance",
            x."nbRejetes", x."centsRejetes", x."nbRelances", x."centsRelances"
       FROM "MKP_Traitement" t
       -- R-RET-07: read from the returns (few), each joined to its flux. Cents as float8: exact
       -- below 2^53, where int stops at 21,474,836.47 €.
       CROSS JOIN LATERAL (
         SELECT count(*)::int AS "nbRejetes", ((coalesce(sum(f."MontantTTC"), 0) * 100)::bigint)::float8 AS "centsRejetes",
                (count(*) FILTER (WHERE f."ID_FluxFinancierRelance" IS NOT NULL))::int AS "nbRelances",
                ((coalesce(sum(f."MontantTTC") FILTER (WHERE f."ID_FluxFinancierRelance" IS NOT NULL), 0) * 100)::bigint)::float8
                  AS "centsRelances"
           FROM "MKP_RetourPrelevement" r
           JOIN "MKP_FluxFinancier" f ON f.id = r."ID_FluxFinancier"
          WHERE f."ID_Traitement" = t.id) x
       LEFT JOIN "UTI_Utilisateur" u ON u.id = t."ID_Utilisateur"
       LEFT JOIN "UTI_Utilisateur" a ON a.id = t."ID_UtilisateurAnnulation"
       LEFT JOIN "APP_AuditLog" l ON l."Action" = $2 AND l."TableCible" = 'MKP_Traitement' AND l."ID_Cible" = t.id
       LEFT JOIN "APP_AuditLog" c ON c."Action" = $4 AND c."TableCible" = 'MKP_Traitement' AND c."ID_Cible" = t.id
      WHERE t."TypeTraitement" = $1 AND ${structureScopeCondition(scope, 't."ID_Structure"', params)} ${byId}
      ORDER BY ${orderBy}
      LIMIT $3 ${offset}`,
    params,
  );
}

/** How many SEPA batches the structures within scope made (the list's total, R-UI-20). */
export async function countSepaBatches(database: Database, scope: RequestScope): Promise<number> {
  const params: unknown[] = [SEPA_BATCH_TYPE];
  const [row] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "MKP_Traitement" t
      WHERE t."TypeTraitement" = $1 AND ${structureScopeCondition(scope, 't."ID_Structure"', params)}`,
    params,
  );
  return row?.n ?? 0;
}

export interface LockedBatchRow {
  id: number;
  ID_Structure: number | null;
  NomFichier: string | null;
  DateAnnulation: Date | string | null;
}

/** The batch within scope, locked until the transaction ends: two cancellations run one after the other. */
export async function lockSepaBatch(
  tx: Queryable,
  scope: RequestScope,
  batchId: number,
): Promise<LockedBatchRow | null> {
  const params: unknown[] = [SEPA_BATCH_TYPE, batchId];
  const [row] = await tx.query<LockedBatchRow>(
    `SELECT t.id, t."ID_Structure", t."NomFichier", t."DateAnnulation"
       FROM "MKP_Traitement" t
      WHERE t."TypeTraitement" = $1 AND t.id = $2 AND ${structureScopeCondition(scope, 't."ID_Structure"', params)}
      FOR UPDATE`,
    params,
  );
  return row ?? null;
}

export interface BatchFluxState {
  n: number;
  cents: number;
  regles: number;
  retournes: number;
}

/**
 * Locks the batch's flux (a settlement or relaunch of one of them waits for the
 * cancellation, or the cancellation sees it) and counts what the bank answered for.
 */
export async function lockBatchFlux(tx: Queryable, batchId: number): Promise<BatchFluxState> {
  const [row] = await tx.query<BatchFluxState>(
    `SELECT count(*)::int AS n, ((coalesce(sum(f."MontantTTC"), 0) * 100)::bigint)::float8 AS cents,
            (count(*) FILTER (WHERE ${SETTLED_FLUX}))::int AS regles,
            (count(*) FILTER (WHERE ${RETURNED_FLUX}))::int AS retournes
       FROM (SELECT * FROM "MKP_FluxFinancier" x WHERE x."ID_Traitement" = $1 FOR UPDATE) f`,
    [batchId],
  );
  return row ?? { n: 0, cents: 0, regles: 0, retournes: 0 };
}

/**
 * Undoes the generation's claim (sepa.repository claimFlux sets ID_Traitement on free
 * flux): the flux are free again and the next file takes them. Marks the batch cancelled
 * and writes the audit row. Returns how many flux were released.
 */
export async function cancelBatch(
  tx: Queryable,
  batch: { id: number; userId: number; structureId: number; details: Record<string, unknown> },
): Promise<{ released: number; cancelledAt: Date | string }> {
  const released = await tx.query<{ id: number }>(
    `UPDATE "MKP_FluxFinancier" SET "ID_Traitement" = NULL WHERE "ID_Traitement" = $1 RETURNING id`,
    [batch.id],
  );
  const [row] = await tx.query<{ DateAnnulation: Date | string }>(
    `UPDATE "MKP_Traitement" SET "DateAnnulation" = now(), "ID_UtilisateurAnnulation" = $2
      WHERE id = $1 AND "DateAnnulation" IS NULL RETURNING "DateAnnulation"`,
    [batch.id, batch.userId],
  );
  if (!row) throw new Error('SEPA batch cancelled under its own row lock');
  await tx.query(
    `INSERT INTO "APP_AuditLog" ("ID_Utilisateur", "ID_Structure", "Action", "TableCible", "ID_Cible", "Details")
     VALUES ($1, $2, $3, 'MKP_Traitement', $4, $5::jsonb)`,
    [
      batch.userId,
      batch.structureId,
      SEPA_CANCEL_AUDIT_ACTION,
      batch.id,
      JSON.stringify({ ...batch.details, nbFluxLiberes: released.length }),
    ],
  );
  return { released: released.length, cancelledAt: row.DateAnnulation };
}
