import {
  DEFAULT_FISCAL_YEAR_START_MONTH,
  RESULT_ACCOUNTS,
  type AccountBalance,
  fiscalYearLabel,
  fiscalYearsBetween,
  type FiscalYearState,
  type FiscalYearView,
  type ValidationView,
} from '@gdf/domain';
import type { Queryable } from '../../db/queryable';
import { booksCondition, type BooksOwner } from './books';

export interface FiscalYearRow extends FiscalYearState {
  id: number;
  dateCloture: string | null;
}

export async function loadStartMonth(db: Queryable, structureId: number): Promise<number> {
  const [row] = await db.query<{ month: number }>(
    `SELECT "MoisDebutExercice" AS month FROM "CPT_Parametres" WHERE "ID_Structure" = $1`,
    [structureId],
  );
  return row?.month ?? DEFAULT_FISCAL_YEAR_START_MONTH;
}

/**
 * One writer per structure's books at a time (validation, closing, files). The transaction
 * may stage a whole year of the head office's flux in one statement: it gets ten minutes
 * instead of the main pool's 30 s per statement.
 */
export async function lockBooks(db: Queryable, structureId: number): Promise<void> {
  await db.query(`SET LOCAL statement_timeout = '600s'`);
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('cpt_livre'), $1)`, [structureId]);
}

/** The day of the books' first flux (Europe/Paris), null when they hold none. */
export async function firstFluxDay(db: Queryable, owner: BooksOwner): Promise<string | null> {
  const params: unknown[] = [];
  const condition = booksCondition(owner, 'f."ID_Structure"', params);
  const [first] = await db.query<{ day: string | null }>(
    `SELECT to_char(min(f."Z_DateCreation") AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') AS day
       FROM "MKP_FluxFinancier" f WHERE ${condition}`,
    params,
  );
  return first?.day ?? null;
}

/**
 * Draws the fiscal years: the first time from the one holding the books' first flux, then
 * only forward, up to the one holding `today`. Never a year before existing ones (a flux
 * dated earlier later on goes to the first open period: nothing lands behind a closing).
 * Idempotent.
 */
export async function ensureFiscalYears(db: Queryable, owner: BooksOwner, today: string): Promise<void> {
  const structureId = owner.structureId;
  const startMonth = await loadStartMonth(db, structureId);
  const [existing] = await db.query<{ first: string | null }>(
    `SELECT min("DateDebut")::text AS first FROM "CPT_Exercice" WHERE "ID_Structure" = $1`,
    [structureId],
  );
  const first = existing?.first ?? (await firstFluxDay(db, owner)) ?? today;
  const years = fiscalYearsBetween(first < today ? first : today, today, startMonth);
  await db.query(
    `INSERT INTO "CPT_Exercice" ("ID_Structure", "DateDebut", "DateFin")
     SELECT $1, y.debut, y.fin FROM unnest($2::date[], $3::date[]) AS y(debut, fin)
     WHERE NOT EXISTS (SELECT 1 FROM "CPT_Exercice" e WHERE e."ID_Structure" = $1
                         AND e."DateDebut" <= y.fin AND e."DateFin" >= y.debut)
     ON CONFLICT DO NOTHING`,
    [structureId, years.map((y) => y.debut), years.map((y) => y.fin)],
  );
}

export async function listFiscalYears(db: Queryable, structureId: number): Promise<FiscalYearRow[]> {
  return db.query<FiscalYearRow>(
    `SELECT id, "DateDebut"::text AS debut, "DateFin"::text AS fin, "Statut" AS statut,
            "ValideJusquau"::text AS "valideJusquau", "DateCloture" AS "dateCloture"
       FROM "CPT_Exercice" WHERE "ID_Structure" = $1 ORDER BY "DateDebut"`,
    [structureId],
  );
}

export async function listValidations(
  db: Queryable,
  structureId: number,
): Promise<(ValidationView & { exerciceId: number })[]> {
  return db.query(
    `SELECT v.id, v."ID_Exercice" AS "exerciceId", v."Jusquau"::text AS jusquau, v."Z_DateCreation" AS date,
            coalesce(trim(concat_ws(' ', u."CT_Prenom", u."CT_Nom")), '') AS utilisateur, v."NbEcritures" AS "nbEcritures"
       FROM "CPT_Validation" v LEFT JOIN "UTI_Utilisateur" u ON u.id = v."ID_Utilisateur"
      WHERE v."ID_Structure" = $1 ORDER BY v.id`,
    [structureId],
  );
}

export function fiscalYearView(
  year: FiscalYearRow,
  validations: readonly (ValidationView & { exerciceId: number })[],
): FiscalYearView {
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value == null ? null : String(value));
  return {
    id: year.id,
    debut: year.debut,
    fin: year.fin,
    libelle: fiscalYearLabel(year),
    statut: year.statut,
    valideJusquau: year.valideJusquau,
    dateCloture: iso(year.dateCloture),
    validations: validations
      .filter((v) => v.exerciceId === year.id)
      .map(({ exerciceId: _exerciceId, ...v }) => ({ ...v, date: iso(v.date) ?? '' })),
  };
}

/**
 * Each account's balance (Σ debit − Σ credit, cents) over a fiscal year's validated entries,
 * its opening entry included, per auxiliary account, with the labels the year froze (R-LEDG-13).
 * The year's entries are read through cpt_ecriture_numero_uq (ID_Exercice first).
 */
export async function closingBalances(db: Queryable, structureId: number, yearId: number): Promise<AccountBalance[]> {
  const rows = await db.query<{
    account: string;
    auxAccount: string;
    balance: string;
    accountLabel: string | null;
    auxLabel: string | null;
  }>(
    `SELECT b.account, b."auxAccount", b.balance::text AS balance, g."Libelle" AS "accountLabel", x."Libelle" AS "auxLabel"
       FROM (SELECT l."CompteNum" AS account, coalesce(l."CompAuxNum", '') AS "auxAccount",
                    sum(l."Debit") - sum(l."Credit") AS balance
               FROM "CPT_Ecriture" e JOIN "CPT_EcritureLigne" l ON l."ID_Ecriture" = e.id
              WHERE e."ID_Exercice" = $2 AND e."ID_Structure" = $1
              GROUP BY 1, 2) b
       LEFT JOIN "CPT_EcritureCompte" g ON g."ID_Exercice" = $2 AND g."Nature" = 'G' AND g."Numero" = b.account
       LEFT JOIN "CPT_EcritureCompte" x ON x."ID_Exercice" = $2 AND x."Nature" = 'X' AND x."Numero" = b."auxAccount"`,
    [structureId, yearId],
  );
  return rows.map((row) => ({
    account: row.account,
    accountLabel: row.accountLabel ?? row.account,
    auxAccount: row.auxAccount,
    auxLabel: row.auxLabel ?? row.auxAccount,
    balanceCents: Number(row.balance),
  }));
}

/** The books' own labels of the result accounts (120000, 129000), when their chart has them. */
export async function resultAccountLabels(db: Queryable, structureId: number): Promise<Record<string, string>> {
  const rows = await db.query<{ numero: string; libelle: string }>(
    `SELECT "Numero" AS numero, "Libelle" AS libelle FROM "CPT_Compte" WHERE "ID_Structure" = $1 AND "Numero" = ANY($2::text[])`,
    [structureId, [RESULT_ACCOUNTS.profit.account, RESULT_ACCOUNTS.loss.account]],
  );
  return Object.fromEntries(rows.map((row) => [row.numero, row.libelle]));
}

/** Whether the structure has validated entries (its fiscal years are fixed then). */
export async function hasValidation(db: Queryable, structureId: number): Promise<boolean> {
  const [validated] = await db.query(`SELECT 1 FROM "CPT_Validation" WHERE "ID_Structure" = $1 LIMIT 1`, [structureId]);
  return validated !== undefined;
}

/** The start month in the structure's accounting settings: false when it has none. */
export async function updateStartMonth(tx: Queryable, structureId: number, month: number): Promise<boolean> {
  const updated = await tx.query(
    `UPDATE "CPT_Parametres" SET "MoisDebutExercice" = $2 WHERE "ID_Structure" = $1 RETURNING 1`,
    [structureId, month],
  );
  return updated.length > 0;
}

/** The structure's fiscal years go (drawn again from the new start month), with the change's audit row. */
export async function dropFiscalYears(
  tx: Queryable,
  structureId: number,
  userId: number,
  month: number,
): Promise<void> {
  await tx.query(`DELETE FROM "CPT_Exercice" WHERE "ID_Structure" = $1`, [structureId]);
  await tx.query(
    `INSERT INTO "APP_AuditLog" ("ID_Utilisateur", "ID_Structure", "Action", "TableCible", "ID_Cible", "Details")
     VALUES ($1, $2, 'parametrage_modification', 'CPT_Parametres', $2, $3)`,
    [userId, structureId, JSON.stringify({ MoisDebutExercice: month })],
  );
}
