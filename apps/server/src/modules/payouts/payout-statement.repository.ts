import {
  fluxPieceRef,
  type IssuedPayoutStatementSummary,
  type PayoutStatementParts,
  type ShareLevel,
  type StatementPeriodDays,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { CONTENT_NATURE } from '../../db/content-store';
import { issuedStatementStore, type StatementIssuer, type StoredStatement } from '../../db/issued-statement-store';
import { PAYEE_COLUMN, RECEIVED_TRANSFERS, SHARE_COLUMN } from './structure-shares.repository';

// R-PAY-09: what a relevé de reversements is built from, and the statements issued (REV_ReleveReversementsEmis).

export const PAYOUT_STATEMENT_AUDIT = {
  issued: 'emission_releve_reversements',
  downloaded: 'telechargement_releve_reversements',
} as const;
export const PAYOUT_STATEMENT_TABLE = 'REV_ReleveReversementsEmis';

/** R-PAY-09: the sums before the period, and the period's share movements and transfers, in date order. */
export async function loadPayoutStatementParts(
  database: Queryable,
  level: ShareLevel,
  structureId: number,
  period: StatementPeriodDays,
): Promise<PayoutStatementParts> {
  const payee = PAYEE_COLUMN[level];
  const share = SHARE_COLUMN[level];
  const [before] = await database.query<{ earned: string; received: string }>(
    `SELECT (SELECT COALESCE(sum(m.${share}), 0) FROM "REV_MouvementQuotePart" m
              WHERE m.${payee} = $1 AND m."Jour" < $2::date)::text AS earned,
            (SELECT COALESCE(sum(x.montant), 0) FROM (${RECEIVED_TRANSFERS}) x WHERE x.jour < $2::date)::text AS received`,
    [structureId, period.from],
  );
  const movements = await database.query<{
    jour: string;
    fluxId: number;
    seasonId: number;
    club: string;
    category: string;
    part: string;
  }>(
    `SELECT m."Jour"::text AS jour, m."ID_FluxFinancier" AS "fluxId", f."ID_Saison" AS "seasonId",
            s."NomStructure" AS club, c."NomCategoryFlux" AS category, m.${share}::text AS part
       FROM "REV_MouvementQuotePart" m
       JOIN "MKP_FluxFinancier" f ON f.id = m."ID_FluxFinancier"
       JOIN "STR_Structure" s ON s.id = f."ID_Structure"
       JOIN "MKP_CategoryFlux" c ON c.id = f."ID_CategoryFlux"
      WHERE m.${payee} = $1 AND m."Jour" BETWEEN $2::date AND $3::date AND m.${share} <> 0
      ORDER BY m."Jour", m.id`,
    [structureId, period.from, period.to],
  );
  const transfers = await database.query<{ jour: string; fichier: string | null; e2e: string; montant: string }>(
    `SELECT x.jour::text AS jour, x.fichier, x.e2e, x.montant::text AS montant FROM (${RECEIVED_TRANSFERS}) x
      WHERE x.jour BETWEEN $2::date AND $3::date ORDER BY x.jour, x.id`,
    [structureId, period.from, period.to],
  );
  return {
    level,
    earnedBefore: Number(before?.earned ?? 0),
    receivedBefore: Number(before?.received ?? 0),
    movements: movements.map((row) => ({
      day: row.jour,
      fluxId: row.fluxId,
      reference: fluxPieceRef({ seasonId: row.seasonId, id: row.fluxId }),
      club: row.club,
      category: row.category,
      shareCents: Number(row.part),
    })),
    transfers: transfers.map((row) => ({
      day: row.jour,
      fileName: row.fichier ?? '',
      endToEndId: row.e2e,
      amountCents: Number(row.montant),
    })),
  };
}

/** One REV_ReleveReversementsEmis row: what the list shows, and where its two files are stored. */
export interface IssuedPayoutStatement extends IssuedPayoutStatementSummary {
  structureId: number;
  files: Record<'pdf' | 'xlsx', { contentId: number; sha256: string }>;
}

/** Stored as a relevé de compte is (ADR 0031), named by the day it was issued, which is not part of its key. */
const store = issuedStatementStore({
  table: PAYOUT_STATEMENT_TABLE,
  dayColumn: 'DateEmission',
  dayInKey: false,
  amountColumns: {},
  nature: CONTENT_NATURE.payoutStatement,
  issuedAction: PAYOUT_STATEMENT_AUDIT.issued,
});

const toIssued = (row: StoredStatement): IssuedPayoutStatement => ({
  id: row.id,
  number: row.number,
  structureId: row.structureId,
  from: row.from,
  to: row.to,
  issuedOn: row.day,
  issuedAt: row.issuedAt,
  closingBalance: row.closingBalance,
  files: row.files,
});
const orNull = (row: StoredStatement | null) => (row ? toIssued(row) : null);

/** What makes two requests the same statement: structure, period and content (R-PAY-09). */
export interface PayoutStatementKey {
  structureId: number;
  period: StatementPeriodDays;
  fingerprint: string;
}

export async function findSamePayoutStatement(
  database: Queryable,
  key: PayoutStatementKey,
): Promise<IssuedPayoutStatement | null> {
  return orNull(await store.findSame(database, key));
}

/** How many statements a user issued for a structure on a Paris day. */
export const countPayoutStatementsIssuedOn = store.countIssuedOn;

/** The id the next statement will have: its number is printed in the files before they are stored. */
export const reservePayoutStatementId = store.reserveId;

export type PayoutStatementToStore = PayoutStatementKey & {
  id: number;
  number: string;
  issuedOn: string;
  closingBalance: number;
  pdf: Buffer;
  xlsx: Buffer;
};

/**
 * Stores the two files and the row in one transaction with its audit row, as a relevé de compte
 * is (ADR 0031, ADR 0049): the structure's issues serialised by a lock held to the commit; the
 * same statement issued meanwhile is returned instead; null, storing nothing, past the day's quota.
 */
export async function storeIssuedPayoutStatement(
  database: Database,
  actor: StatementIssuer,
  { issuedOn, ...statement }: PayoutStatementToStore,
  newPerDay: number,
): Promise<IssuedPayoutStatement | null> {
  const toStore = { ...statement, day: issuedOn, amounts: {} };
  const details = { soldeFinalCentimes: statement.closingBalance };
  return orNull(await store.store(database, actor, toStore, newPerDay, details));
}

/** A structure's issued statements, newest first (the caller checked the structure's scope). */
export async function listIssuedPayoutStatements(
  database: Queryable,
  structureId: number,
  limit: number,
): Promise<IssuedPayoutStatement[]> {
  return (await store.list(database, structureId, limit)).map(toIssued);
}

export async function findIssuedPayoutStatement(
  database: Queryable,
  statementId: number,
): Promise<IssuedPayoutStatement | null> {
  return orNull(await store.find(database, statementId));
}
