import type { IssuedAccountStatementSummary, StatementPeriod } from '@gdf/domain';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { CONTENT_NATURE } from '../../db/content-store';
import type { RequestScope } from '../scope/scope';
import { issuedStatementStore, type StoredStatement } from '../../db/issued-statement-store';

export const ACCOUNT_STATEMENT_TABLE = 'MKP_ReleveCompteEmis';
export const ACCOUNT_STATEMENT_AUDIT = {
  issued: 'emission_releve_compte',
  downloaded: 'telechargement_releve_compte',
} as const;

/** One MKP_ReleveCompteEmis row: what the list shows, and where its two files are stored. */
export interface IssuedStatement extends IssuedAccountStatementSummary {
  structureId: number;
  files: Record<'pdf' | 'xlsx', { contentId: number; sha256: string }>;
}

/** The relevés de compte are named by the day their overdue flux were aged at (DateArrete), part of their key. */
const store = issuedStatementStore({
  table: ACCOUNT_STATEMENT_TABLE,
  dayColumn: 'DateArrete',
  dayInKey: true,
  amountColumns: { overdueTotal: 'TotalEchuCentimes' },
  nature: CONTENT_NATURE.accountStatement,
  issuedAction: ACCOUNT_STATEMENT_AUDIT.issued,
});

const toIssued = (row: StoredStatement): IssuedStatement => ({
  id: row.id,
  number: row.number,
  structureId: row.structureId,
  from: row.from,
  to: row.to,
  asOf: row.day,
  issuedAt: row.issuedAt,
  closingBalance: row.closingBalance,
  overdueTotal: row.amounts.overdueTotal ?? 0,
  files: row.files,
});
const orNull = (row: StoredStatement | null) => (row ? toIssued(row) : null);

/** What makes two requests the same statement: structure, period, ageing day and content. */
export interface StatementKey {
  structureId: number;
  period: StatementPeriod;
  asOf: string;
  fingerprint: string;
}

export type StatementToStore = StatementKey & {
  id: number;
  number: string;
  closingBalance: number;
  overdueTotal: number;
  pdf: Buffer;
  xlsx: Buffer;
};

const stored = ({ asOf, overdueTotal, ...statement }: StatementToStore) => ({
  ...statement,
  day: asOf,
  amounts: { overdueTotal },
});

export async function findSameStatement(database: Queryable, key: StatementKey): Promise<IssuedStatement | null> {
  return orNull(await store.findSame(database, { ...key, day: key.asOf }));
}

/** How many statements a user issued for a structure as of a Paris day (DateArrete). */
export const countStatementsIssuedOn = store.countIssuedOn;

/** The id the next statement will have: its number is printed in the files before they are stored. */
export const reserveStatementId = store.reserveId;

/**
 * Stores the two files and the row in one transaction, with its 'emission_releve_compte' audit
 * row; null, storing nothing, when the user already issued `newPerDay` statements of the
 * structure that day (see issuedStatementStore: the structure's issues are serialised to the
 * commit, so concurrent requests never issue more than the quota, ADR 0049). The same
 * statement issued meanwhile is returned instead, and counts nothing.
 */
export async function storeIssuedStatement(
  database: Database,
  scope: RequestScope,
  statement: StatementToStore,
  newPerDay: number,
): Promise<IssuedStatement | null> {
  return database.transaction((tx) => storeIssuedStatementIn(tx, scope, statement, newPerDay));
}

/** storeIssuedStatement in the caller's transaction (a batch job's step, R-JOB-06): the lock is held to its commit. */
export async function storeIssuedStatementIn(
  tx: Queryable,
  scope: Pick<RequestScope, 'actor' | 'currentStructureId'>,
  statement: StatementToStore,
  newPerDay: number,
): Promise<IssuedStatement | null> {
  const issuer = { userId: scope.actor.userId, structureId: scope.currentStructureId };
  return orNull(await store.storeIn(tx, issuer, stored(statement), newPerDay, { arrete: statement.asOf }));
}

/** A structure's issued statements, newest first (the caller checked the structure's scope). */
export async function listIssuedStatements(
  database: Queryable,
  structureId: number,
  limit: number,
): Promise<IssuedStatement[]> {
  return (await store.list(database, structureId, limit)).map(toIssued);
}

export async function findIssuedStatement(database: Queryable, statementId: number): Promise<IssuedStatement | null> {
  return orNull(await store.find(database, statementId));
}
