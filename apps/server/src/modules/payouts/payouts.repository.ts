import type { Pain001Version, PayoutBatchView } from '@gdf/domain';
import type { Queryable } from '../../db/queryable';
import { intArray } from '../../db/sql-arrays';

// The SQL of the payout files (R-PAY-05..07): who is owed what, the files and their transfers.

const PAYOUT_BATCH_TYPE = 'virement_sepa';
export const PAYOUT_AUDIT_GENERATION = 'virement_sepa.generation';
export const PAYOUT_AUDIT_CANCEL = 'virement_sepa.annulation';

/** A payee with its account and address as the file would write them. */
export interface PayeeRow {
  structureId: number;
  nom: string;
  codeFederal: string | null;
  type: number;
  blocked: boolean;
  /** Shares: earned up to the day; refunds: the flux' total. Cents as text (bigint). */
  earned: string;
  paid: string;
  fluxIds: number[] | null;
  iban: string | null;
  bic: string | null;
  holder: string | null;
  street: string | null;
  complement: string | null;
  postCode: string | null;
  town: string | null;
  country: string | null;
}

/** The structure's account (its latest valid RIB) and postal address. */
const PAYEE_ACCOUNT = `s."NomStructure" AS nom, s."ID_CodeFederal" AS "codeFederal", s."ID_TypeStructure" AS type,
  s."EST_Bloquee" AS blocked, r."IBAN" AS iban, r."BIC" AS bic, r."Titulaire" AS holder,
  a."Adresse1" AS street, a."Adresse2" AS complement, a."CodePostal" AS "postCode", a."Ville" AS town, a."Pays" AS country`;
const PAYEE_JOINS = `LEFT JOIN "ADR_Adresse" a ON a.id = s."ID_Adresse"
  LEFT JOIN LATERAL (SELECT rib."IBAN", rib."BIC", rib."Titulaire" FROM "STR_StructureRib" rib
                      WHERE rib."ID_Structure" = s.id AND rib."EST_Valide" ORDER BY rib.id DESC LIMIT 1) r ON TRUE`;

/** R-PAY-07: each ligue's and comité's shares earned by the end of `day`, and what files paid it. */
export async function sharePayees(tx: Queryable, day: string): Promise<PayeeRow[]> {
  return tx.query<PayeeRow>(
    `WITH earned AS (
       SELECT payee, sum(cents) AS cents FROM (
         SELECT m."ID_Ligue" AS payee, m."PartLigue" AS cents FROM "REV_MouvementQuotePart" m
          WHERE m."ID_Ligue" IS NOT NULL AND m."Jour" <= $1
         UNION ALL
         SELECT m."ID_Comite", m."PartComite" FROM "REV_MouvementQuotePart" m
          WHERE m."ID_Comite" IS NOT NULL AND m."Jour" <= $1) x
       GROUP BY payee
     ), paid AS (
       SELECT l."ID_Structure" AS payee, sum(l."Montant") AS cents FROM "REV_VersementLigne" l
         JOIN "MKP_Traitement" t ON t.id = l."ID_Traitement" AND t."DateAnnulation" IS NULL
        WHERE l."Nature" = 'quote_part' GROUP BY 1
     )
     SELECT s.id AS "structureId", e.cents::text AS earned, COALESCE(p.cents, 0)::text AS paid, NULL AS "fluxIds",
            ${PAYEE_ACCOUNT}
       FROM earned e JOIN "STR_Structure" s ON s.id = e.payee
       LEFT JOIN paid p ON p.payee = e.payee
       ${PAYEE_JOINS}
      ORDER BY s."NomStructure", s.id`,
    [day],
  );
}

/**
 * R-PAY-07: the clubs' refunds not yet paid: category-6 credit flux neither settled, nor in a
 * file, nor allocated to a debit, per structure. `lock`: in a generation, the flux are locked until it commits.
 */
export async function refundPayees(tx: Queryable, lock = false): Promise<PayeeRow[]> {
  // A credit naming a debit is allocated to it (R-BAL-02): it lowers what the club owes and is
  // never paid out as well.
  const open = `f."ID_CategoryFlux" = 6 AND NOT f."EST_Debit" AND NOT f."EST_Reglement" AND f."ID_Traitement" IS NULL
    AND f."ID_FluxFinancierDebit" IS NULL AND f."MontantTTC" > 0`;
  if (lock) await tx.query(`SELECT f.id FROM "MKP_FluxFinancier" f WHERE ${open} FOR UPDATE`);
  return tx.query<PayeeRow>(
    `SELECT s.id AS "structureId", (sum(f."MontantTTC") * 100)::bigint::text AS earned, '0' AS paid,
            array_agg(f.id ORDER BY f.id) AS "fluxIds", ${PAYEE_ACCOUNT}
       FROM "MKP_FluxFinancier" f JOIN "STR_Structure" s ON s.id = f."ID_Structure"
       ${PAYEE_JOINS}
      WHERE ${open}
      GROUP BY s.id, r."IBAN", r."BIC", r."Titulaire", a.id
      ORDER BY s."NomStructure", s.id`,
  );
}

/** One generation at a time, across every server process (R-PAY-07). */
export async function lockPayoutGeneration(tx: Queryable): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('virements_sepa'))`);
}

export async function insertPayoutBatch(tx: Queryable, structureId: number, userId: number): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO "MKP_Traitement" ("TypeTraitement", "ID_Structure", "ID_Utilisateur") VALUES ($1, $2, $3) RETURNING id`,
    [PAYOUT_BATCH_TYPE, structureId, userId],
  );
  return row!.id;
}

export interface PayoutLine {
  structureId: number;
  nature: 'quote_part' | 'remboursement';
  cents: number;
  endToEndId: string;
  iban: string;
  bic: string | null;
  holder: string;
}

export async function insertPayoutLines(tx: Queryable, batchId: number, lines: readonly PayoutLine[]): Promise<void> {
  const column = <K extends keyof PayoutLine>(key: K) => lines.map((line) => line[key]);
  await tx.query(
    `INSERT INTO "REV_VersementLigne" ("ID_Traitement", "ID_Structure", "Nature", "Montant", "EndToEndId", "IBAN", "BIC", "Titulaire")
     SELECT $1, * FROM unnest($2::int[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::text[], $8::text[])`,
    [
      batchId,
      column('structureId'),
      column('nature'),
      column('cents'),
      column('endToEndId'),
      column('iban'),
      column('bic'),
      column('holder'),
    ],
  );
}

/** Claims the refunds the file pays; the count claimed (a flux already claimed is not). */
export async function claimRefunds(tx: Queryable, batchId: number, fluxIds: readonly number[]): Promise<number> {
  if (fluxIds.length === 0) return 0;
  const rows = await tx.query(
    `UPDATE "MKP_FluxFinancier" SET "ID_Traitement" = $1 WHERE id = ANY($2::int[]) AND "ID_Traitement" IS NULL RETURNING id`,
    [batchId, intArray(fluxIds)],
  );
  return rows.length;
}

export async function completePayoutBatch(tx: Queryable, batchId: number, fileName: string, contentId: number) {
  await tx.query(`UPDATE "MKP_Traitement" SET "NomFichier" = $2, "ID_Contenu" = $3 WHERE id = $1`, [
    batchId,
    fileName,
    contentId,
  ]);
}

interface BatchRow {
  id: number;
  fichier: string;
  creeLe: Date | string;
  annuleLe: Date | string | null;
  version: Pain001Version;
  dateExecution: string;
  nbVirements: number;
  total: string;
  contentId: number | null;
}

/** The payout files, newest first (or one of them), with their transfers counted. */
export async function listPayoutBatches(
  database: Queryable,
  options: { id?: number; limit: number; offset?: number; lock?: boolean },
): Promise<Array<PayoutBatchView & { contentId: number | null }>> {
  const params: unknown[] = [PAYOUT_BATCH_TYPE, PAYOUT_AUDIT_GENERATION, options.limit, options.offset ?? 0];
  const only = options.id === undefined ? '' : `AND t.id = $${params.push(options.id)}`;
  const rows = await database.query<BatchRow>(
    `SELECT t.id, t."NomFichier" AS fichier, t."Z_DateCreation" AS "creeLe", t."DateAnnulation" AS "annuleLe",
            t."ID_Contenu" AS "contentId", g."Details"->>'version' AS version, g."Details"->>'dateExecution' AS "dateExecution",
            (SELECT count(*)::int FROM "REV_VersementLigne" l WHERE l."ID_Traitement" = t.id) AS "nbVirements",
            (SELECT COALESCE(sum(l."Montant"), 0)::text FROM "REV_VersementLigne" l WHERE l."ID_Traitement" = t.id) AS total
       FROM "MKP_Traitement" t
       JOIN "APP_AuditLog" g ON g."Action" = $2 AND g."TableCible" = 'MKP_Traitement' AND g."ID_Cible" = t.id
      WHERE t."TypeTraitement" = $1 AND t."ID_Contenu" IS NOT NULL ${only}
      ORDER BY t.id DESC LIMIT $3 OFFSET $4 ${options.lock ? 'FOR UPDATE OF t' : ''}`,
    params,
  );
  return rows.map(({ total, creeLe, annuleLe, ...row }) => ({
    ...row,
    creeLe: new Date(creeLe).toISOString(),
    annuleLe: annuleLe === null ? null : new Date(annuleLe).toISOString(),
    totalCentimes: Number(total),
  }));
}

/** R-PAY-07: whether the bank has paid one of the batch's refunds (settled since): too late. */
export async function batchRefundSettled(tx: Queryable, batchId: number): Promise<boolean> {
  const rows = await tx.query(
    `SELECT 1 FROM "MKP_FluxFinancier" WHERE "ID_Traitement" = $1 AND "EST_Reglement" LIMIT 1`,
    [batchId],
  );
  return rows.length > 0;
}

export async function cancelPayoutBatch(tx: Queryable, batchId: number, userId: number): Promise<void> {
  await tx.query(
    `UPDATE "MKP_Traitement" SET "DateAnnulation" = now(), "ID_UtilisateurAnnulation" = $2 WHERE id = $1`,
    [batchId, userId],
  );
  await tx.query(`UPDATE "MKP_FluxFinancier" SET "ID_Traitement" = NULL WHERE "ID_Traitement" = $1`, [batchId]);
}
