import type { Database } from './database';
import type { Queryable } from './queryable';
import { writeAuditRows } from './audit-log';
import { intArray } from './sql-arrays';
import { insertContent, type ContentNature } from './content-store';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Where one kind of issued and frozen statement is kept (ADR 0031, ADR 0049): the relevé de
 * compte (MKP_ReleveCompteEmis, R-STMT-03) and the relevé de reversements
 * (REV_ReleveReversementsEmis, R-PAY-09) share their columns (issuedStatementColumns), their
 * storage and their quota; they differ by the Paris day that names them (`dayColumn`), whether
 * that day is part of what makes two statements the same (`dayInKey`), and their other totals.
 */
export interface IssuedStatementTable {
  table: string;
  dayColumn: string;
  dayInKey: boolean;
  /** The statement's other totals: field name → bigint column. */
  amountColumns: Readonly<Record<string, string>>;
  nature: ContentNature;
  /** The audit action of an issue. */
  issuedAction: string;
}

/** One issued statement's row: what the list shows, and where its two files are stored. */
export interface StoredStatement {
  id: number;
  number: string;
  structureId: number;
  from: string;
  to: string;
  day: string;
  issuedAt: string;
  closingBalance: number;
  amounts: Record<string, number>;
  files: Record<'pdf' | 'xlsx', { contentId: number; sha256: string }>;
}

/** What makes two requests the same statement: structure, period, content (and day when `dayInKey`). */
export interface StoredStatementKey {
  structureId: number;
  period: { from: string; to: string };
  day?: string;
  fingerprint: string;
}

export type StoredStatementToStore = StoredStatementKey & {
  day: string;
  id: number;
  number: string;
  closingBalance: number;
  amounts: Record<string, number>;
  pdf: Buffer;
  xlsx: Buffer;
};

/** Who issues: the user (null: the product, a scheduled job), and the structure they act for (the audit row's). */
export interface StatementIssuer {
  userId: number | null;
  structureId: number;
}

type StoredRow = Record<string, unknown> &
  Pick<StoredStatement, 'id' | 'number' | 'structureId' | 'from' | 'to' | 'day'> & {
    issuedAt: Date | string;
    closingBalance: string | number;
    pdfContent: number;
    pdfSha256: string;
    xlsxContent: number;
    xlsxSha256: string;
  };

/** The SQL of one kind of issued statement; `auditDetails` adds its own fields to the issue's audit row. */
export function issuedStatementStore(spec: IssuedStatementTable) {
  const table = `"${spec.table}"`;
  const day = `"${spec.dayColumn}"`;
  const amounts = Object.entries(spec.amountColumns);
  const columns = `id, "Numero" AS number, "ID_Structure" AS "structureId", "DateDebut"::text AS "from",
    "DateFin"::text AS "to", ${day}::text AS day, "Z_DateCreation" AS "issuedAt", "SoldeFinalCentimes" AS "closingBalance",
    ${amounts.map(([field, column]) => `"${column}" AS "${field}", `).join('')}"ID_ContenuPdf" AS "pdfContent",
    "Sha256Pdf" AS "pdfSha256", "ID_ContenuXlsx" AS "xlsxContent", "Sha256Xlsx" AS "xlsxSha256"`;
  const keyColumns = ['"ID_Structure"', '"DateDebut"', '"DateFin"', ...(spec.dayInKey ? [day] : []), '"Empreinte"'];

  const toStored = (row: StoredRow): StoredStatement => ({
    id: row.id,
    number: row.number,
    structureId: row.structureId,
    from: row.from,
    to: row.to,
    day: row.day,
    issuedAt: new Date(row.issuedAt).toISOString(),
    closingBalance: Number(row.closingBalance),
    amounts: Object.fromEntries(amounts.map(([field]) => [field, Number(row[field])])),
    files: {
      pdf: { contentId: row.pdfContent, sha256: row.pdfSha256 },
      xlsx: { contentId: row.xlsxContent, sha256: row.xlsxSha256 },
    },
  });

  async function findSame(database: Queryable, key: StoredStatementKey): Promise<StoredStatement | null> {
    const values = [key.structureId, key.period.from, key.period.to, ...(spec.dayInKey ? [key.day] : [])];
    const [row] = await database.query<StoredRow>(
      `SELECT ${columns} FROM ${table}
        WHERE "ID_Structure" = $1 AND "DateDebut" = $2::date AND "DateFin" = $3::date
          ${spec.dayInKey ? `AND ${day} = $4::date` : ''} AND "Empreinte" = $${values.length + 1}`,
      [...values, key.fingerprint],
    );
    return row ? toStored(row) : null;
  }

  /** How many statements a user issued for a structure on a Paris day (the day column). */
  async function countIssuedOn(database: Queryable, structureId: number, userId: number | null, onDay: string) {
    const [row] = await database.query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM ${table} WHERE "ID_Structure" = $1 AND ${day} = $2::date AND "ID_Utilisateur" = $3`,
      [structureId, onDay, userId],
    );
    return row?.n ?? 0;
  }

  /**
   * Stores the two files and the row with its audit row in the caller's transaction; null,
   * storing nothing, when the user already issued `newPerDay` statements of the structure that
   * day. The structure's issues are serialised by a lock held to the commit, in every process:
   * the day's count read under it includes every statement committed before, so concurrent
   * requests never issue more than the quota (ADR 0049). The same statement issued meanwhile is
   * returned instead, and counts nothing.
   */
  async function storeIn(
    tx: Queryable,
    issuer: StatementIssuer,
    statement: StoredStatementToStore,
    newPerDay: number,
    auditDetails: Record<string, unknown>,
  ): Promise<StoredStatement | null> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('${spec.table} quota'), $1::integer)`, [
      statement.structureId,
    ]);
    const same = await findSame(tx, statement);
    if (same) return same;
    if ((await countIssuedOn(tx, statement.structureId, issuer.userId, statement.day)) >= newPerDay) return null;
    const pdf = await insertContent(tx, { nature: spec.nature, bytes: statement.pdf, mimeType: 'application/pdf' });
    const xlsx = await insertContent(tx, { nature: spec.nature, bytes: statement.xlsx, mimeType: XLSX_TYPE });
    const values = [
      statement.id,
      statement.number,
      statement.structureId,
      statement.period.from,
      statement.period.to,
      statement.day,
      statement.fingerprint,
      statement.closingBalance,
      ...amounts.map(([field]) => statement.amounts[field]),
      pdf.id,
      pdf.sha256,
      xlsx.id,
      xlsx.sha256,
      issuer.userId,
    ];
    const placeholders = values.map((_, index) => `$${index + 1}${index >= 3 && index <= 5 ? '::date' : ''}`);
    const [inserted] = await tx.query<StoredRow>(
      `INSERT INTO ${table} (id, "Numero", "ID_Structure", "DateDebut", "DateFin", ${day}, "Empreinte", "SoldeFinalCentimes",
          ${amounts.map(([, column]) => `"${column}", `).join('')}"ID_ContenuPdf", "Sha256Pdf", "ID_ContenuXlsx", "Sha256Xlsx", "ID_Utilisateur")
       VALUES (${placeholders.join(', ')})
       ON CONFLICT (${keyColumns.join(', ')}) DO NOTHING
       RETURNING ${columns}`,
      values,
    );
    if (inserted) {
      const issued = toStored(inserted);
      const { number, structureId, from, to } = issued;
      await writeAuditRows(tx, [
        {
          userId: issuer.userId,
          structureId: issuer.structureId,
          action: spec.issuedAction,
          table: spec.table,
          targetId: issued.id,
          details: {
            numero: number,
            structure: structureId,
            du: from,
            au: to,
            ...auditDetails,
            pdf: { sha256: pdf.sha256, contenu: pdf.id },
            xlsx: { sha256: xlsx.sha256, contenu: xlsx.id },
          },
        },
      ]);
      return issued;
    }
    await tx.query(`DELETE FROM "DOC_Contenu" WHERE id = ANY($1::int[])`, [intArray([pdf.id, xlsx.id])]);
    const winner = await findSame(tx, statement);
    if (!winner) throw new Error(`${spec.table} : conflit sans ligne pour la structure ${statement.structureId}`);
    return winner;
  }

  return {
    findSame,
    countIssuedOn,
    /** The id the next statement will have: its number is printed in the files before they are stored. */
    async reserveId(database: Queryable): Promise<number> {
      const [row] = await database.query<{ id: number }>(
        `SELECT nextval(pg_get_serial_sequence('${table}', 'id'))::integer AS id`,
      );
      if (!row) throw new Error(`${spec.table} : aucun identifiant réservé`);
      return row.id;
    },
    storeIn,
    /** storeIn in a transaction of its own. */
    store: (
      database: Database,
      issuer: StatementIssuer,
      statement: StoredStatementToStore,
      newPerDay: number,
      auditDetails: Record<string, unknown>,
    ) => database.transaction((tx) => storeIn(tx, issuer, statement, newPerDay, auditDetails)),
    /** A structure's issued statements, newest first (the caller checked the structure's scope). */
    async list(database: Queryable, structureId: number, limit: number): Promise<StoredStatement[]> {
      const rows = await database.query<StoredRow>(
        `SELECT ${columns} FROM ${table} WHERE "ID_Structure" = $1 ORDER BY id DESC LIMIT $2`,
        [structureId, limit],
      );
      return rows.map(toStored);
    },
    async find(database: Queryable, statementId: number): Promise<StoredStatement | null> {
      const [row] = await database.query<StoredRow>(`SELECT ${columns} FROM ${table} WHERE id = $1`, [statementId]);
      return row ? toStored(row) : null;
    },
  };
}
