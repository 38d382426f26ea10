import {
  BANK_ACCOUNT,
  BANK_ACCOUNT_LABEL,
  BANK_JOURNAL,
  UNRECONCILED_ACCOUNT,
  UNRECONCILED_ACCOUNT_LABEL,
  UNRECONCILED_JOURNAL,
} from '@gdf/domain';
import type { Queryable } from '../../db/queryable';
import { claimedByPayoutSql } from './share-entries.repository';

/** The digest of what a settlement entry is built from (the part, its credit's day). */
const SETTLEMENT_FINGERPRINT_SQL = `md5(concat_ws('|', 'reglement', rf."ID_Rapprochement", rf."ID_FluxFinancier",
  (rf."Montant" * 100)::bigint, e."DateComptable"))`;

/** A CPT_Ecriture row of the same part in these books. */
const samePart = (
  alias: string,
) => `${alias}."ID_Structure" = $1 AND ${alias}."ID_Rapprochement" = rf."ID_Rapprochement"
  AND ${alias}."ID_FluxFinancier" = rf."ID_FluxFinancier"`;

/**
 * The settlement entries to stage, in the stage's columns, for the ledger's staging query
 * (its parameters: $1 the books' structure, $2/$3 the days and their entry dates, $4 the
 * last day, $5 the first day): the parts of active reconciliations not booked yet, and the
 * reversal of each booked part whose reconciliation was undone since. Dated by the entry
 * date rule applied to the booking day, as a flux's entry is by its own day.
 */
export function settlementCandidatesSql(scopeSql: string): string {
  return `SELECT rf."ID_FluxFinancier" AS flux_id, rf."ID_Rapprochement" AS rapprochement_id, j.jour, j.date_ecriture,
         coalesce(c."JournalCode", '${BANK_JOURNAL}') AS journal, coalesce(c."Empreinte", ${SETTLEMENT_FINGERPRINT_SQL}) AS empreinte,
         c.id AS extourne_de, CASE WHEN c.id IS NULL THEN 1 ELSE 0 END AS sorte, false AS hors_rapprochement,
         NULL::int AS mouvement_id, NULL::int AS versement_id
    FROM "BQE_ReleveBancaire" r
    JOIN "BQE_EcritureBancaire" e ON e."ID_ReleveBancaire" = r.id
    JOIN "BQE_Rapprochement" ra ON ra."ID_EcritureBancaire" = e.id
    JOIN "BQE_RapprochementFlux" rf ON rf."ID_Rapprochement" = ra.id
    JOIN "MKP_FluxFinancier" f ON f.id = rf."ID_FluxFinancier"
    JOIN unnest($2::date[], $3::date[]) AS j(jour, date_ecriture) ON j.jour = e."DateComptable"
    LEFT JOIN "CPT_Ecriture" c ON ${samePart('c')} AND NOT c."EST_Extourne"
   WHERE r."ID_Structure" = $1 AND e."DateComptable" BETWEEN $5::date AND $4::date AND ${scopeSql}
     -- active and not booked: its entry; undone and booked: its reversal, once.
     AND (ra."DateAnnulation" IS NULL) = (c.id IS NULL)
     -- a refund a payout file pays is settled by its transfer's entry (R-PAY-10): not booked again here.
     AND (c.id IS NOT NULL OR NOT ${claimedByPayoutSql('f')})
     AND NOT EXISTS (SELECT 1 FROM "CPT_Ecriture" x WHERE ${samePart('x')} AND x."EST_Extourne")`;
}

export interface SettlementRow {
  reconciliationId: number;
  fluxId: number;
  cents: string;
  bookingDate: string;
  seasonId: number;
  structureCode: string | null;
  structureName: string;
  settled: boolean;
  settledDay: string | null;
  bankSettled: boolean;
  /** A relaunch copy books no sale entry of its own: nothing to letter its part against. */
  relaunchCopy: boolean;
  fingerprint: string;
}

/** The facts of these reconciliation parts a settlement entry is built from. */
export async function readSettlementRows(
  tx: Queryable,
  parts: { reconciliationId: number; fluxId: number }[],
): Promise<SettlementRow[]> {
  return tx.query<SettlementRow>(
    `SELECT rf."ID_Rapprochement" AS "reconciliationId", rf."ID_FluxFinancier" AS "fluxId",
            (rf."Montant" * 100)::bigint::text AS cents, e."DateComptable"::text AS "bookingDate",
            f."ID_Saison" AS "seasonId", s."ID_CodeFederal" AS "structureCode", s."NomStructure" AS "structureName",
            f."EST_Reglement" AS settled, f."DateReglement"::text AS "settledDay",
            f."ID_EcritureBancaire" IS NOT NULL AS "bankSettled",
            EXISTS (SELECT 1 FROM "MKP_FluxFinancier" o WHERE o."ID_FluxFinancierRelance" = f.id) AS "relaunchCopy",
            ${SETTLEMENT_FINGERPRINT_SQL} AS fingerprint
       FROM unnest($1::int[], $2::int[]) AS k(rapprochement, flux)
       JOIN "BQE_RapprochementFlux" rf ON rf."ID_Rapprochement" = k.rapprochement AND rf."ID_FluxFinancier" = k.flux
       JOIN "BQE_Rapprochement" ra ON ra.id = rf."ID_Rapprochement"
       JOIN "BQE_EcritureBancaire" e ON e.id = ra."ID_EcritureBancaire"
       JOIN "MKP_FluxFinancier" f ON f.id = rf."ID_FluxFinancier"
       JOIN "STR_Structure" s ON s.id = f."ID_Structure"`,
    [parts.map((p) => p.reconciliationId), parts.map((p) => p.fluxId)],
  );
}

/** A general account of settlement entries, with the label of the books' own chart when it has one. */
async function loadAccount(
  db: Queryable,
  structureId: number,
  account: string,
  fallbackLabel: string,
): Promise<{ account: string; label: string }> {
  const [row] = await db.query<{ label: string }>(
    `SELECT "Libelle" AS label FROM "CPT_Compte" WHERE "ID_Structure" = $1 AND "Numero" = $2`,
    [structureId, account],
  );
  return { account, label: row?.label ?? fallbackLabel };
}

/** The books' bank account: 512000 (R-BANK-06). */
export const loadBankAccount = (db: Queryable, structureId: number) =>
  loadAccount(db, structureId, BANK_ACCOUNT, BANK_ACCOUNT_LABEL);

/** The counterpart of settlements outside bank reconciliations: 511000 (R-LEDG-14). */
export const loadTransitAccount = (db: Queryable, structureId: number) =>
  loadAccount(db, structureId, UNRECONCILED_ACCOUNT, UNRECONCILED_ACCOUNT_LABEL);

/*
 * Settlements outside bank reconciliations (R-LEDG-14, ADR 0047): a flux settled without a
 * bank line (EST_Reglement, no ID_EcritureBancaire) is booked in journal RG on its settlement
 * day, in the head office's books, for what its active reconciliation parts in these books
 * have not booked already. CPT_ReglementComptabilise names the entry that books it now and the
 * facts it was built from; when those facts change or the flux is no longer so settled (its paid
 * flag cleared, or a bank line reconciled it), that entry is reversed once, then the new one
 * (if any) is booked.
 */

/**
 * The facts each such settlement is built from, per flux of `scopeSql` ($1 the books'
 * structure): its day (greatest ignores a null DateReglement: unreconciledSettlementDay), what
 * the books' active reconciliation parts booked, its third-party movement
 * (unreconciledThirdPartyCents) and their digest.
 */
function unreconciledFactsSql(scopeSql: string): string {
  return `SELECT u.*, md5(concat_ws('|', 'reglement-hors-rapprochement', u.flux_id, u.tiers, u.jour, u.structure, u.saison)) AS empreinte
    FROM (SELECT f.id AS flux_id, greatest(f."DateReglement", (f."Z_DateCreation" AT TIME ZONE 'Europe/Paris')::date) AS jour,
                 (CASE WHEN f."EST_Debit" THEN -1 ELSE 1 END) * (f."MontantTTC" * 100)::bigint + coalesce(p.cents, 0) AS tiers,
                 coalesce(p.cents, 0) AS rapproche,
                 f."ID_Structure" AS structure, f."ID_Saison" AS saison
            FROM "MKP_FluxFinancier" f
            LEFT JOIN (SELECT rf."ID_FluxFinancier" AS flux_id, sum((rf."Montant" * 100)::bigint) AS cents
                         FROM "BQE_ReleveBancaire" r
                         JOIN "BQE_EcritureBancaire" e ON e."ID_ReleveBancaire" = r.id
                         JOIN "BQE_Rapprochement" ra ON ra."ID_EcritureBancaire" = e.id AND ra."DateAnnulation" IS NULL
                         JOIN "BQE_RapprochementFlux" rf ON rf."ID_Rapprochement" = ra.id
                        WHERE r."ID_Structure" = $1 GROUP BY rf."ID_FluxFinancier") p ON p.flux_id = f.id
           WHERE f."EST_Reglement" AND f."ID_EcritureBancaire" IS NULL AND ${scopeSql}
             -- a refund a payout file pays is settled by its transfer's entry (R-PAY-10).
             AND NOT ${claimedByPayoutSql('f')}) u`;
}

/**
 * The CTE 'reglements' of the settlements to book now in these books, whatever their day: the
 * head office's books only (a member's books hold no settlement, as no bank statement).
 */
export function unreconciledSettlementsCte(scopeSql: string, headOffice: boolean): string {
  // Only the settlements of the staged days [$5, $4] can be staged: a settlement is booked on its
  // day (jour, never before its flux's day), and a booked one whose day moved out of them has
  // another digest (the day is in it), so it reads as changed with or without its facts. The
  // bounds on the flux's dates let the indexes skip the other days (the head office's books hold
  // every settled flux: a year staged in steps would read them all at each step).
  // (Its day in [$5, $4]: settled on one of those days, or made on one of them and settled earlier.)
  const days = `(f."DateReglement" BETWEEN $5::date AND $4::date
      OR (f."Z_DateCreation" >= ($5::date::timestamp AT TIME ZONE 'Europe/Paris')
          AND f."Z_DateCreation" < (($4::date + 1)::timestamp AT TIME ZONE 'Europe/Paris')))`;
  return `reglements AS (SELECT * FROM (${unreconciledFactsSql(headOffice ? `${scopeSql} AND ${days}` : 'false')}) s
    WHERE s.tiers <> 0 AND s.jour BETWEEN $5::date AND $4::date)`;
}

/**
 * The settlement entries to stage, in the stage's columns (same parameters as
 * settlementCandidatesSql), after unreconciledSettlementsCte: each settlement not booked from
 * these facts, dated by the entry date rule applied to its day; and the reversal of each booked
 * one no longer wanted as it is, dated by that rule applied to the day it was booked for.
 */
export function unreconciledCandidatesSql(): string {
  return `SELECT s.flux_id, NULL::int AS rapprochement_id, j.jour, j.date_ecriture, '${UNRECONCILED_JOURNAL}' AS journal,
         s.empreinte, NULL::bigint AS extourne_de, 1 AS sorte, true AS hors_rapprochement,
         NULL::int AS mouvement_id, NULL::int AS versement_id
    FROM reglements s
    JOIN unnest($2::date[], $3::date[]) AS j(jour, date_ecriture) ON j.jour = s.jour
    LEFT JOIN "CPT_ReglementComptabilise" b ON b."ID_Structure" = $1 AND b."ID_FluxFinancier" = s.flux_id
   WHERE b."Empreinte" IS DISTINCT FROM s.empreinte
  UNION ALL
  SELECT b."ID_FluxFinancier", NULL, j.jour, j.date_ecriture, '${UNRECONCILED_JOURNAL}', b."Empreinte", b."ID_Ecriture", 0, true,
         NULL, NULL
    FROM "CPT_ReglementComptabilise" b
    JOIN unnest($2::date[], $3::date[]) AS j(jour, date_ecriture) ON j.jour = b."JourReglement"
    LEFT JOIN reglements s ON s.flux_id = b."ID_FluxFinancier"
   WHERE b."ID_Structure" = $1 AND s.empreinte IS DISTINCT FROM b."Empreinte"`;
}

export interface UnreconciledRow {
  fluxId: number;
  day: string;
  thirdPartyCents: string;
  fluxDay: string;
  settledOn: string | null;
  isDebit: boolean;
  cents: string;
  reconciledCents: string;
  seasonId: number;
  structureCode: string | null;
  structureName: string;
  relaunchCopy: boolean;
  fingerprint: string;
}

/** The facts of these flux's settlements outside bank reconciliations, in the books of `structureId`. */
export async function readUnreconciledRows(
  tx: Queryable,
  structureId: number,
  fluxIds: number[],
): Promise<UnreconciledRow[]> {
  return tx.query<UnreconciledRow>(
    `SELECT u.flux_id AS "fluxId", u.jour::text AS day, u.tiers::text AS "thirdPartyCents", u.empreinte AS fingerprint,
            to_char(f."Z_DateCreation" AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') AS "fluxDay",
            f."DateReglement"::text AS "settledOn", f."EST_Debit" AS "isDebit", (f."MontantTTC" * 100)::bigint::text AS cents,
            u.rapproche::text AS "reconciledCents",
            f."ID_Saison" AS "seasonId", s."ID_CodeFederal" AS "structureCode", s."NomStructure" AS "structureName",
            EXISTS (SELECT 1 FROM "MKP_FluxFinancier" o WHERE o."ID_FluxFinancierRelance" = f.id) AS "relaunchCopy"
       FROM (${unreconciledFactsSql('f.id = ANY($2::int[])')}) u
       JOIN "MKP_FluxFinancier" f ON f.id = u.flux_id
       JOIN "STR_Structure" s ON s.id = f."ID_Structure"`,
    [structureId, fluxIds],
  );
}

/** The first booking day of the books' statements (a credit may be older than every flux). */
export async function firstBankDay(db: Queryable, structureId: number): Promise<string | null> {
  const [row] = await db.query<{ day: string | null }>(
    `SELECT min(e."DateComptable")::text AS day FROM "BQE_EcritureBancaire" e
       JOIN "BQE_ReleveBancaire" r ON r.id = e."ID_ReleveBancaire" WHERE r."ID_Structure" = $1`,
    [structureId],
  );
  return row?.day ?? null;
}
