import type { IssuedAccountStatementSummary, StatementPeriod } from '@gdf/domain';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { writeAuditRows } from '../../db/audit-log';
import { intArray } from '../../db/sql-arrays';
import { CONTENT_NATURE, insertContent } from '../../db/content-store';
import type { RequestScope } from '../scope/scope';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const ACCOUNT_STATEMENT_AUDIT = {
  issued: 'emission_releve_compte',
  downloaded: 'telechargement_releve_compte',
} as const;

/** One MKP_ReleveCompteEmis row: what the list shows, and where its two files are stored. */
export interface IssuedStatement extends IssuedAccountStatementSummary {
  structureId: number;
  files: Record<'pdf' | 'xlsx', { contentId: number; sha256: string }>;
}

interface IssuedRow {
  id: number;
  number: string;
  structureId: number;
  from: string;
  to: string;
  asOf: string;
  issuedAt: Date | string;
  closingBalance: string | number;
  overdueTotal: string | number;
  pdfContent: number;
  pdfSha256: string;
  xlsxContent: number;
  xlsxSha256: string;
}

const COLUMNS = `id, "Numero" AS number, "ID_Structure" AS "structureId", "DateDebut"::text AS "from",
  "DateFin"::text AS "to", "DateArrete"::text AS "asOf", "Z_DateCreation" AS "issuedAt",
  "SoldeFinalCentimes" AS "closingBalance", "TotalEchuCentimes" AS "overdueTotal",
  "ID_ContenuPdf" AS "pdfContent", "Sha256Pdf" AS "pdfSha256", "ID_ContenuXlsx" AS "xlsxContent", "Sha256Xlsx" AS "xlsxSha256"`;

const toIssued = (row: IssuedRow): IssuedStatement => ({
  id: row.id,
  number: row.number,
  structureId: row.structureId,
  from: row.from,
  to: row.to,
  asOf: row.asOf,
  issuedAt: new Date(row.issuedAt).toISOString(),
  closingBalance: Number(row.closingBalance),
  overdueTotal: Number(row.overdueTotal),
  files: {
    pdf: { contentId: row.pdfContent, sha256: row.pdfSha256 },
    xlsx: { contentId: row.xlsxContent, sha256: row.xlsxSha256 },
  },
});

/** What makes two requests the same statement: structure, period, ageing day and content. */
export interface StatementKey {
  structureId: number;
  period: StatementPeriod;
  asOf: string;
  fingerprint: string;
}

export async function findSameStatement(
  database: Pick<Database, 'query'>,
  key: StatementKey,
): Promise<IssuedStatement | null> {
  const [row] = await database.query<IssuedRow>(
    `SELECT ${COLUMNS} FROM "MKP_ReleveCompteEmis"
      WHERE "ID_Structure" = $1 AND "DateDebut" = $2::date AND "DateFin" = $3::date AND "DateArrete" = $4::date
        AND "Empreinte" = $5`,
    [key.structureId, key.period.from, key.period.to, key.asOf, key.fingerprint],
  );
  return row ? toIssued(row) : null;
}

/** How many statements a user issued for a structure as of a Paris day (DateArrete). */
export async function countStatementsIssuedOn(
  database: Pick<Database, 'query'>,
  structureId: number,
  userId: number,
  day: string,
): Promise<number> {
  const [row] = await database.query<{ n: number }>(
    `SELECT count(*)::integer AS n FROM "MKP_ReleveCompteEmis"
      WHERE "ID_Structure" = $1 AND "DateArrete" = $2::date AND "ID_Utilisateur" = $3`,
    [structureId, day, userId],
  );
  return row?.n ?? 0;
}

/** The id the next statement will have: its number is printed in the files before they are stored. */
export async function reserveStatementId(database: Pick<Database, 'query'>): Promise<number> {
  const [row] = await database.query<{ id: number }>(
    `SELECT nextval(pg_get_serial_sequence('"MKP_ReleveCompteEmis"', 'id'))::integer AS id`,
  );
  if (!row) throw new Error('MKP_ReleveCompteEmis : aucun identifiant réservé');
  return row.id;
}

/**
 * Stores the two files and the row in one transaction, with its 'emission_releve_compte' audit
 * row; null, storing nothing, when the user already issued `newPerDay` statements of the
 * structure that day. The structure's issues are serialised by a lock held to the commit, in
 * every process: the day's count read under it includes every statement committed before,
 * so concurrent requests never issue more than the quota (ADR 0049). The same statement
 * issued meanwhile is returned instead, and counts nothing.
 */
export async function storeIssuedStatement(
  database: Database,
  scope: RequestScope,
  statement: StatementToStore,
  newPerDay: number,
): Promise<IssuedStatement | null> {
  return database.transaction((tx) => storeIssuedStatementIn(tx, scope, statement, newPerDay));
}

export type StatementToStore = StatementKey & {
  id: number;
  number: string;
  closingBalance: number;
  overdueTotal: number;
  pdf: Buffer;
  xlsx: Buffer;
};

/** storeIssuedStatement in the caller's transaction (a batch job's step, R-JOB-06): the lock is held to its commit. */
export async function storeIssuedStatementIn(
  tx: Queryable,
  scope: Pick<RequestScope, 'actor' | 'currentStructureId'>,
  statement: StatementToStore,
  newPerDay: number,
): Promise<IssuedStatement | null> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('MKP_ReleveCompteEmis quota'), $1::integer)`, [
    statement.structureId,
  ]);
  const same = await findSameStatement(tx, statement);
  if (same) return same;
  if ((await countStatementsIssuedOn(tx, statement.structureId, scope.actor.userId, statement.asOf)) >= newPerDay)
    return null;
  const nature = CONTENT_NATURE.accountStatement;
  const pdf = await insertContent(tx, { nature, bytes: statement.pdf, mimeType: 'application/pdf' });
  const xlsx = await insertContent(tx, { nature, bytes: statement.xlsx, mimeType: XLSX_TYPE });
  const [inserted] = await tx.query<IssuedRow>(
    `INSERT INTO "MKP_ReleveCompteEmis" (id, "Numero", "ID_Structure", "DateDebut", "DateFin", "DateArrete", "Empreinte",
        "SoldeFinalCentimes", "TotalEchuCentimes", "ID_ContenuPdf", "Sha256Pdf", "ID_ContenuXlsx", "Sha256Xlsx", "ID_Utilisateur")
     VALUES ($1, $2, $3, $4::date, $5::date, $6::date, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT ("ID_Structure", "DateDebut", "DateFin", "DateArrete", "Empreinte") DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      statement.id,
      statement.number,
      statement.structureId,
      statement.period.from,
      statement.period.to,
      statement.asOf,
      statement.fingerprint,
      statement.closingBalance,
      statement.overdueTotal,
      pdf.id,
      pdf.sha256,
      xlsx.id,
      xlsx.sha256,
      scope.actor.userId,
    ],
  );
  if (inserted) {
    const issued = toIssued(inserted);
    await writeAuditRows(tx, [
      {
        userId: scope.actor.userId,
        structureId: scope.currentStructureId,
        action: ACCOUNT_STATEMENT_AUDIT.issued,
        table: 'MKP_ReleveCompteEmis',
        targetId: issued.id,
        details: {
          numero: issued.number,
          structure: issued.structureId,
          du: issued.from,
          au: issued.to,
          arrete: issued.asOf,
          pdf: { sha256: pdf.sha256, contenu: pdf.id },
          xlsx: { sha256: xlsx.sha256, contenu: xlsx.id },
        },
      },
    ]);
    return issued;
  }
  await tx.query(`DELETE FROM "DOC_Contenu" WHERE id = ANY($1::int[])`, [intArray([pdf.id, xlsx.id])]);
  const winner = await findSameStatement(tx, statement);
  if (!winner) throw new Error(`MKP_ReleveCompteEmis : conflit sans ligne pour la structure ${statement.structureId}`);
  return winner;
}

/** A structure's issued statements, newest first (the caller checked the structure's scope). */
export async function listIssuedStatements(
  database: Pick<Database, 'query'>,
  structureId: number,
  limit: number,
): Promise<IssuedStatement[]> {
  const rows = await database.query<IssuedRow>(
    `SELECT ${COLUMNS} FROM "MKP_ReleveCompteEmis" WHERE "ID_Structure" = $1 ORDER BY id DESC LIMIT $2`,
    [structureId, limit],
  );
  return rows.map(toIssued);
}

export async function findIssuedStatement(
  database: Pick<Database, 'query'>,
  statementId: number,
): Promise<IssuedStatement | null> {
  const [row] = await database.query<IssuedRow>(`SELECT ${COLUMNS} FROM "MKP_ReleveCompteEmis" WHERE id = $1`, [
    statementId,
  ]);
  return row ? toIssued(row) : null;
}
