import {
  BANK_ACCOUNT,
  BANK_ACCOUNT_LABEL,
  BANK_JOURNAL,
  buildBankEntry,
  invoiceNumber,
  settlementLettering,
  withLettering,
  type AccountingEntry,
  type ThirdPartyRule,
} from '@gdf/domain';
import type { Queryable } from '../../db/queryable';

/**
 * Settlement entries (R-BANK-06, ADR 0017): each part of a confirmed bank reconciliation of
 * the books owner's statements (the head office's) is booked in journal BQ on the bank's
 * booking day. An entry is identified by its reconciliation and flux (CPT_Ecriture
 * ID_Rapprochement); an undone reconciliation whose entry is validated gets its reversal.
 */

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
         c.id AS extourne_de, CASE WHEN c.id IS NULL THEN 1 ELSE 0 END AS sorte
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
     AND NOT EXISTS (SELECT 1 FROM "CPT_Ecriture" x WHERE ${samePart('x')} AND x."EST_Extourne")`;
}

interface SettlementRow {
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

export const settlementKey = (reconciliationId: number, fluxId: number) => `${reconciliationId}:${fluxId}`;

/** The settlement entries of these parts, from the reconciliation's facts and the flux's settlement now. */
export async function buildSettlementEntries(
  tx: Queryable,
  books: { owner: { structureId: number }; rule: ThirdPartyRule; bankAccount: { account: string; label: string } },
  parts: { reconciliationId: number; fluxId: number }[],
): Promise<Map<string, { entry: AccountingEntry; fingerprint: string }>> {
  const entries = new Map<string, { entry: AccountingEntry; fingerprint: string }>();
  if (parts.length === 0) return entries;
  const rows = await tx.query<SettlementRow>(
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
  for (const row of rows) {
    const entry = buildBankEntry(
      {
        reconciliationId: row.reconciliationId,
        fluxId: row.fluxId,
        pieceRef: invoiceNumber(row.seasonId, row.fluxId),
        bookingDate: row.bookingDate,
        amountCents: Number(row.cents),
        structureCode: row.structureCode,
        structureName: row.structureName,
      },
      books.rule,
      books.bankAccount,
    );
    const lettering = row.relaunchCopy
      ? null
      : settlementLettering(
          {
            fluxId: row.fluxId,
            settled: row.settled,
            bankDay: row.bankSettled ? row.settledDay : null,
            otherDay: null,
          },
          'settlement',
        );
    entries.set(settlementKey(row.reconciliationId, row.fluxId), {
      entry: withLettering(entry, lettering),
      fingerprint: row.fingerprint,
    });
  }
  return entries;
}

/** The books' bank account: 512000 with the label of their own chart when it has one. */
export async function loadBankAccount(db: Queryable, structureId: number): Promise<{ account: string; label: string }> {
  const [row] = await db.query<{ label: string }>(
    `SELECT "Libelle" AS label FROM "CPT_Compte" WHERE "ID_Structure" = $1 AND "Numero" = $2`,
    [structureId, BANK_ACCOUNT],
  );
  return { account: BANK_ACCOUNT, label: row?.label ?? BANK_ACCOUNT_LABEL };
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
