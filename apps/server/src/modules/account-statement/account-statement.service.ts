import {
  ACCOUNT_STATEMENT_MESSAGES,
  MAX_NEW_STATEMENTS_PER_DAY,
  ModuleSlug,
  accountStatementNumber,
  accountStatementTable,
  buildAccountStatementFromParts,
  issuedAccountStatementFileName,
  parisToday,
  statementPeriodProblem,
  type AccountStatement,
} from '@gdf/domain';
import { toXlsx } from '@gdf/file-formats';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/database';
import { replicaReads } from '../../db/read-routing';
import { writeAuditRows } from '../../db/audit-log';
import { HttpError, badRequest, notFound } from '../../lib/http-errors';
import { openContent } from '../document-store/content-stream';
import { sha256Hex } from '../../db/content-store';
import { requireModule, type RequestScope } from '../scope/scope';
import { renderAccountStatementPdf } from './account-statement-pdf';
import {
  findStatementStructure,
  loadStatementParts,
  seasonBounds,
  type StatementStructure,
} from './account-statement.repository';
import {
  ACCOUNT_STATEMENT_AUDIT,
  XLSX_TYPE,
  countStatementsIssuedOn,
  findIssuedStatement,
  findSameStatement,
  listIssuedStatements,
  reserveStatementId,
  storeIssuedStatement,
  type IssuedStatement,
} from './issued-statements.repository';

export const STRUCTURE_NOT_FOUND = 'Structure introuvable';
export const STATEMENT_NOT_FOUND = 'Relevé de compte introuvable';
/** The list shows this many of a structure's issued statements, newest first. */
export const ISSUED_STATEMENTS_LISTED = 100;

export interface StatementRequest {
  du?: string | undefined;
  au?: string | undefined;
  saison?: number | undefined;
}

export interface StatementFile {
  fileName: string;
  mimeType: string;
  sha256: string;
  body: Buffer | Readable;
  statement: IssuedStatement;
}

/**
 * A structure's relevé de compte: computed for the screen, issued once given out as a file
 * (ADR 0031). Every entry checks the flux module and the structure's scope first: a
 * structure, or an issued statement, out of scope is "not found".
 */
export interface AccountStatementSettings {
  /** New statements per structure and day; MAX_NEW_STATEMENTS_PER_DAY. */
  newPerDay?: number;
}

export function createAccountStatementService(
  database: Database,
  today: () => string = () => parisToday(),
  settings: AccountStatementSettings = {},
) {
  const newPerDay = settings.newPerDay ?? MAX_NEW_STATEMENTS_PER_DAY;
  const dailyLimitReached = () =>
    new HttpError(429, ACCOUNT_STATEMENT_MESSAGES.dailyLimit(newPerDay), 'too-many-requests');
  // The statement for the screen is a pure read a read replica may answer (R-OPS-05); one
  // issued as a file is computed on the primary.
  const screenReader = replicaReads(database);
  async function structureInScope(
    scope: RequestScope,
    structureId: number,
    reader: Pick<Database, 'query'> = database,
  ): Promise<StatementStructure> {
    requireModule(scope, ModuleSlug.FluxFinanciers);
    const structure = await findStatementStructure(reader, scope, structureId);
    if (!structure) throw notFound(STRUCTURE_NOT_FOUND);
    return structure;
  }

  async function compute(
    scope: RequestScope,
    structureId: number,
    request: StatementRequest,
    reader: Pick<Database, 'query'> = database,
  ): Promise<{ structure: StatementStructure; statement: AccountStatement }> {
    const structure = await structureInScope(scope, structureId, reader);
    const season = request.du && request.au ? null : await seasonBounds(reader, request.saison);
    if (!season && request.saison !== undefined && !(request.du && request.au))
      throw badRequest('Requête invalide : saison inconnue');
    const from = request.du ?? season?.from;
    const to = request.au ?? season?.to;
    if (!from || !to) throw badRequest('Requête invalide : aucune saison courante, précisez du et au');
    const problem = statementPeriodProblem(from, to);
    if (problem) throw badRequest(`Requête invalide : ${problem}`);
    const period = { from, to };
    const parts = await loadStatementParts(reader, structureId, period);
    return { structure, statement: buildAccountStatementFromParts(parts, period, today()) };
  }

  /** The same statement asked again (same structure, period, day, content) is the one issued before. */
  async function issue(scope: RequestScope, structureId: number, request: StatementRequest) {
    const { structure, statement } = await compute(scope, structureId, request);
    const key = {
      structureId,
      period: statement.period,
      asOf: statement.asOf,
      fingerprint: sha256Hex(Buffer.from(JSON.stringify({ structure, statement }), 'utf8')),
    };
    const same = await findSameStatement(database, key);
    if (same) return same;
    // Refused here before any rendering; the count that decides is read again as it is stored.
    const issuedToday = await countStatementsIssuedOn(database, structureId, scope.actor.userId, statement.asOf);
    if (issuedToday >= newPerDay) throw dailyLimitReached();
    const id = await reserveStatementId(database);
    const number = accountStatementNumber(id, statement.asOf);
    const pdf = await renderAccountStatementPdf(statement, structure, new Date(), number);
    const { table, header, footer, amountColumns } = accountStatementTable(statement, structure.name, {
      number,
      day: statement.asOf,
    });
    const xlsx = Buffer.concat(await toXlsx(table, { header, footer, amountColumns, worksheet: 'Relevé de compte' }));
    const issued = await storeIssuedStatement(
      database,
      scope,
      {
        ...key,
        id,
        number,
        closingBalance: statement.closingBalance,
        overdueTotal: statement.overdue.total,
        pdf,
        xlsx,
      },
      newPerDay,
    );
    if (!issued) throw dailyLimitReached();
    return issued;
  }

  async function send(scope: RequestScope, statement: IssuedStatement, format: 'pdf' | 'xlsx'): Promise<StatementFile> {
    const file = statement.files[format];
    const content = await openContent(database, file.contentId);
    if (!content) throw new Error(`DOC_Contenu ${file.contentId} introuvable pour le relevé ${statement.number}`);
    // The content checks its bytes against its own checksum; the frozen statement row holds the
    // checksum of what was issued, so bytes replaced with a matching checksum are still refused.
    if (content.sha256 !== file.sha256)
      throw new Error(`Relevé ${statement.number} : le fichier ${format} stocké n’est plus celui émis`);
    await writeAuditRows(database, [
      {
        userId: scope.actor.userId,
        structureId: scope.currentStructureId,
        action: ACCOUNT_STATEMENT_AUDIT.downloaded,
        table: 'MKP_ReleveCompteEmis',
        targetId: statement.id,
        details: { numero: statement.number, format, sha256: content.sha256 },
      },
    ]);
    return {
      fileName: issuedAccountStatementFileName(
        statement.number,
        statement.structureId,
        statement.from,
        statement.to,
        format,
      ),
      mimeType: format === 'pdf' ? 'application/pdf' : XLSX_TYPE,
      sha256: content.sha256,
      body: content.body,
      statement,
    };
  }

  return {
    /** The statement as of today, for the screen: nothing issued. */
    compute: (scope: RequestScope, structureId: number, request: StatementRequest) =>
      compute(scope, structureId, request, screenReader),
    /** Issues the statement (or finds the same one issued before) and sends one of its files. */
    async download(scope: RequestScope, structureId: number, request: StatementRequest, format: 'pdf' | 'xlsx') {
      return send(scope, await issue(scope, structureId, request), format);
    },
    async list(scope: RequestScope, structureId: number) {
      await structureInScope(scope, structureId, screenReader);
      const issued = await listIssuedStatements(screenReader, structureId, ISSUED_STATEMENTS_LISTED);
      return issued.map(({ files: _files, structureId: _structure, ...summary }) => summary);
    },
    /** An issued statement's stored file, as it was given out the first time. */
    async downloadIssued(scope: RequestScope, statementId: number, format: 'pdf' | 'xlsx') {
      requireModule(scope, ModuleSlug.FluxFinanciers);
      const statement = await findIssuedStatement(database, statementId);
      // Out of scope reads as unknown: the structure is checked before any byte is read.
      if (!statement || !(await findStatementStructure(database, scope, statement.structureId)))
        throw notFound(STATEMENT_NOT_FOUND);
      return send(scope, statement, format);
    },
  };
}

export type AccountStatementService = ReturnType<typeof createAccountStatementService>;

/** The structure of a statement when the caller may see it (also the overdue letters' addressee). */
export { findStatementStructure, type StatementStructure } from './account-statement.repository';
