import type { BankStatementEntry, Cents } from '@gdf/domain';
import { centsToDecimal } from '@gdf/domain';
import type { Queryable } from '../../db/queryable';
import { structureScopeCondition, type RequestScope } from '../scope/scope';
import { intArray } from '../../db/sql-arrays';

export const RECONCILIATION_AUDIT_ACTION = 'rapprochement_bancaire';
export const RECONCILIATION_UNDO_AUDIT_ACTION = 'annulation_rapprochement_bancaire';

/** Cents of flux `f` already given by active reconciliations (what it owes is its amount less this). */
export const PAID_CENTS_SQL = `coalesce((
  SELECT sum(rf."Montant" * 100)::bigint FROM "BQE_RapprochementFlux" rf
    JOIN "BQE_Rapprochement" ra ON ra.id = rf."ID_Rapprochement" AND ra."DateAnnulation" IS NULL
   WHERE rf."ID_FluxFinancier" = f.id), 0)`;

/** A stored entry, as matching and the screens read it: the parsed entry's fields as stored. */
export interface EntryRow extends Pick<
  BankStatementEntry,
  | 'bookingDate'
  | 'valueDate'
  | 'direction'
  | 'status'
  | 'label'
  | 'remittanceInfo'
  | 'endToEndIds'
  | 'debtorName'
  | 'debtorIban'
> {
  id: number;
  statementId: number;
  reference: string;
  cents: string;
  messageId: string | null;
  paymentInfoId: string | null;
  reconciliationId: number | null;
}

export const ENTRY_COLUMNS = `e.id, e."ID_ReleveBancaire" AS "statementId", e."Reference" AS reference,
  e."DateComptable"::text AS "bookingDate", e."DateValeur"::text AS "valueDate",
  (e."Montant" * 100)::bigint::text AS cents, e."Sens" AS direction, e."Statut" AS status, e."Libelle" AS label,
  e."InfosRemise" AS "remittanceInfo", e."EndToEndIds" AS "endToEndIds", e."NomDebiteur" AS "debtorName",
  e."IbanDebiteur" AS "debtorIban", e."LotMessageId" AS "messageId", e."LotPaymentInfoId" AS "paymentInfoId",
  ra.id AS "reconciliationId"`;

export const ACTIVE_RECONCILIATION = `LEFT JOIN "BQE_Rapprochement" ra ON ra."ID_EcritureBancaire" = e.id AND ra."DateAnnulation" IS NULL`;

/** A booked credit (camt.053 BOOK, or CFONB 120 whose entries are all booked). */
const BOOKED_CREDIT = `e."Sens" = 'credit' AND coalesce(e."Statut", 'BOOK') = 'BOOK'`;

export async function entriesByIds(db: Queryable, ids: readonly number[]): Promise<EntryRow[]> {
  if (ids.length === 0) return [];
  return db.query<EntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM "BQE_EcritureBancaire" e ${ACTIVE_RECONCILIATION}
      WHERE e.id = ANY($1::int[]) ORDER BY e."ID_ReleveBancaire", e."Rang"`,
    [intArray(ids)],
  );
}

export type EntryFilterSql = 'a_traiter' | 'rapprochees' | 'toutes';

export async function entriesOfStatement(
  db: Queryable,
  statementId: number,
  filter: EntryFilterSql,
  page: { limit: number; offset: number },
): Promise<{ rows: EntryRow[]; total: number }> {
  const where =
    filter === 'a_traiter'
      ? `AND ${BOOKED_CREDIT} AND ra.id IS NULL`
      : filter === 'rapprochees'
        ? 'AND ra.id IS NOT NULL'
        : '';
  const rows = await db.query<EntryRow & { total: string }>(
    `SELECT ${ENTRY_COLUMNS}, count(*) OVER () AS total FROM "BQE_EcritureBancaire" e ${ACTIVE_RECONCILIATION}
      WHERE e."ID_ReleveBancaire" = $1 ${where} ORDER BY e."Rang" LIMIT $2 OFFSET $3`,
    [statementId, page.limit, page.offset],
  );
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

/**
 * Locks one entry of the head office's statements for a reconciliation change, then reads it
 * with its active reconciliation in a second statement: under READ COMMITTED that statement
 * sees what a concurrent change committed while this one waited for the lock.
 */
export async function lockEntry(tx: Queryable, entryId: number, structureId: number): Promise<EntryRow | null> {
  const locked = await tx.query<{ id: number }>(
    `SELECT e.id FROM "BQE_EcritureBancaire" e
       JOIN "BQE_ReleveBancaire" r ON r.id = e."ID_ReleveBancaire" AND r."ID_Structure" = $2
      WHERE e.id = $1 FOR UPDATE OF e`,
    [entryId, structureId],
  );
  if (locked.length === 0) return null;
  const [row] = await entriesByIds(tx, [entryId]);
  return row ?? null;
}

export interface StatementRow {
  id: number;
  format: string;
  identifiant: string;
  compte: string;
  dateDebut: string;
  dateFin: string;
  opening: string;
  closing: string;
  nomFichier: string;
  dateImport: Date | string;
  nbEcritures: string;
  nbRapprochees: string;
  nbATraiter: string;
}

export async function statementsOf(db: Queryable, structureId: number, statementId?: number): Promise<StatementRow[]> {
  const params: unknown[] = [structureId];
  const one = statementId === undefined ? '' : `AND r.id = $${params.push(statementId)}`;
  return db.query<StatementRow>(
    `SELECT r.id, r."Format" AS format, r."Identifiant" AS identifiant, r."Compte" AS compte,
            r."DateDebut"::text AS "dateDebut", r."DateFin"::text AS "dateFin",
            (r."SoldeOuverture" * 100)::bigint::text AS opening, (r."SoldeCloture" * 100)::bigint::text AS closing,
            r."NomFichier" AS "nomFichier", r."Z_DateCreation" AS "dateImport",
            count(e.id) AS "nbEcritures",
            count(e.id) FILTER (WHERE ra.id IS NOT NULL) AS "nbRapprochees",
            count(e.id) FILTER (WHERE ${BOOKED_CREDIT} AND ra.id IS NULL) AS "nbATraiter"
       FROM "BQE_ReleveBancaire" r
       LEFT JOIN "BQE_EcritureBancaire" e ON e."ID_ReleveBancaire" = r.id
       ${ACTIVE_RECONCILIATION}
      WHERE r."ID_Structure" = $1 ${one}
      GROUP BY r.id ORDER BY r."DateFin" DESC, r.id DESC LIMIT 500`,
    params,
  );
}

export interface NewReconciliation {
  entryId: number;
  userId: number;
  parts: { fluxId: number; amountCents: Cents; settles: boolean }[];
}

export async function insertReconciliation(tx: Queryable, input: NewReconciliation): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO "BQE_Rapprochement" ("ID_EcritureBancaire", "ID_Utilisateur") VALUES ($1, $2) RETURNING id`,
    [input.entryId, input.userId],
  );
  if (!row) throw new Error('BQE_Rapprochement : insertion sans ligne');
  await tx.query(
    `INSERT INTO "BQE_RapprochementFlux" ("ID_Rapprochement", "ID_FluxFinancier", "Montant", "EST_Regle")
     SELECT $1::integer, x."fluxId", x.montant::numeric, x.settles
       FROM jsonb_to_recordset($2::jsonb) AS x("fluxId" integer, montant text, settles boolean)`,
    [
      row.id,
      JSON.stringify(
        input.parts.map((part) => ({
          fluxId: part.fluxId,
          montant: centsToDecimal(part.amountCents),
          settles: part.settles,
        })),
      ),
    ],
  );
  return row.id;
}

/** Settles flux from a bank entry: the paid flag, the bank's booking day, the entry. */
export async function settleFlux(
  tx: Queryable,
  fluxIds: readonly number[],
  entry: { id: number; bookingDate: string },
): Promise<number[]> {
  if (fluxIds.length === 0) return [];
  const rows = await tx.query<{ id: number }>(
    `UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = true, "DateReglement" = $2::date, "ID_EcritureBancaire" = $3
      WHERE id = ANY($1::int[]) AND NOT "EST_Reglement" RETURNING id`,
    [intArray(fluxIds), entry.bookingDate, entry.id],
  );
  return rows.map((row) => row.id);
}

export interface ReconciliationPartRow {
  reconciliationId: number;
  entryId: number;
  fluxId: number;
  cents: string;
  settled: boolean;
  date: Date | string;
  userName: string | null;
}

/** The parts of the active reconciliations of these entries. */
export async function activeReconciliationParts(
  db: Queryable,
  entryIds: readonly number[],
): Promise<ReconciliationPartRow[]> {
  if (entryIds.length === 0) return [];
  return db.query<ReconciliationPartRow>(
    `SELECT ra.id AS "reconciliationId", ra."ID_EcritureBancaire" AS "entryId", rf."ID_FluxFinancier" AS "fluxId",
            (rf."Montant" * 100)::bigint::text AS cents, rf."EST_Regle" AS settled, ra."Z_DateCreation" AS date,
            nullif(trim(concat_ws(' ', u."CT_Prenom", u."CT_Nom")), '') AS "userName"
       FROM "BQE_Rapprochement" ra
       JOIN "BQE_RapprochementFlux" rf ON rf."ID_Rapprochement" = ra.id
       LEFT JOIN "UTI_Utilisateur" u ON u.id = ra."ID_Utilisateur"
      WHERE ra."ID_EcritureBancaire" = ANY($1::int[]) AND ra."DateAnnulation" IS NULL
      ORDER BY ra.id, rf."ID_FluxFinancier"`,
    [intArray(entryIds)],
  );
}

export async function cancelReconciliation(tx: Queryable, reconciliationId: number, userId: number): Promise<void> {
  await tx.query(
    `UPDATE "BQE_Rapprochement" SET "DateAnnulation" = now(), "ID_UtilisateurAnnulation" = $2
      WHERE id = $1 AND "DateAnnulation" IS NULL`,
    [reconciliationId, userId],
  );
}

/**
 * After an undo: the flux a bank reconciliation had settled whose remaining active parts no
 * longer reach their amount are unsettled (the trigger clears their day and entry). Flux
 * marked paid by hand (no bank entry) stay as they are.
 */
export async function unsettleUncovered(tx: Queryable, fluxIds: readonly number[]): Promise<number[]> {
  if (fluxIds.length === 0) return [];
  const rows = await tx.query<{ id: number }>(
    `UPDATE "MKP_FluxFinancier" f SET "EST_Reglement" = false
      WHERE f.id = ANY($1::int[]) AND f."EST_Reglement" AND f."ID_EcritureBancaire" IS NOT NULL
        AND (f."MontantTTC" * 100)::bigint > ${PAID_CENTS_SQL}
      RETURNING f.id`,
    [intArray(fluxIds)],
  );
  return rows.map((row) => row.id);
}

/** An open flux as matching and the screens read it. */
export interface OpenFluxRow {
  id: number;
  seasonId: number;
  structureId: number;
  structureName: string;
  label: string;
  cents: string;
  dueCents: string;
  batchId: number | null;
  rejected: boolean;
  createdDay: string;
  /** The licensee the flux bills (R-BANK-09 (c)), null when it bills no one. */
  licenseeLastName: string | null;
  licenseeFirstName: string | null;
  licence: number | null;
}

/** Facts of any flux (settled ones included), for reconciliations already confirmed. */
export type FluxFacts = Omit<
  OpenFluxRow,
  'batchId' | 'rejected' | 'licenseeLastName' | 'licenseeFirstName' | 'licence'
>;

export async function fluxFacts(
  db: Queryable,
  scope: RequestScope,
  ids: readonly number[],
): Promise<Map<number, FluxFacts>> {
  const params: unknown[] = [intArray(ids)];
  const inScope = structureScopeCondition(scope, 'f."ID_Structure"', params);
  const rows = await db.query<FluxFacts>(
    `SELECT f.id, f."ID_Saison" AS "seasonId", f."ID_Structure" AS "structureId", s."NomStructure" AS "structureName",
            f."NomFluxFinancier" AS label, (f."MontantTTC" * 100)::bigint::text AS cents,
            CASE WHEN f."EST_Reglement" THEN '0' ELSE ((f."MontantTTC" * 100)::bigint - ${PAID_CENTS_SQL})::text END AS "dueCents",
            to_char(f."Z_DateCreation" AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') AS "createdDay"
       FROM "MKP_FluxFinancier" f JOIN "STR_Structure" s ON s.id = f."ID_Structure"
      WHERE f.id = ANY($1::int[]) AND ${inScope}`,
    params,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** Locks flux, in id order, before what covers them changes. */
export async function lockFlux(tx: Queryable, fluxIds: readonly number[]): Promise<void> {
  await tx.query(`SELECT id FROM "MKP_FluxFinancier" WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`, [
    intArray(fluxIds),
  ]);
}
