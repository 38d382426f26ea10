import {
  ACCOUNT_STATEMENT_MESSAGES,
  MAX_NEW_STATEMENTS_PER_DAY,
  ModuleSlug,
  accountStatementNumber,
  buildAccountStatementFromParts,
  issuedAccountStatementFileName,
  parisToday,
  type AccountStatement,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import { replicaReads } from '../../db/read-routing';
import { HttpError, notFound } from '../../lib/http-errors';
import type { IssuedStatementFile } from '../../lib/issued-file-reply';
import { requireModule, type RequestScope } from '../scope/scope';
import { unboundedHeavyWork, type HeavyWork } from '../../lib/heavy-work/heavy-work';
import { inThreadRenderer, type DocumentRenderer } from '../../render/render-pool';
import type { StatementDraft, StatementSummary } from '../../render/render-tasks';
import { findStatementStructure, loadStatementParts, type StatementStructure } from './account-statement.repository';
import {
  ACCOUNT_STATEMENT_AUDIT,
  ACCOUNT_STATEMENT_TABLE,
  countStatementsIssuedOn,
  findIssuedStatement,
  findSameStatement,
  listIssuedStatements,
  reserveStatementId,
  storeIssuedStatement,
  storeIssuedStatementIn,
  type IssuedStatement,
  type StatementToStore,
} from './issued-statements.repository';
import type { Queryable } from '../../db/queryable';
import { openIssuedStatementFile } from './issued-statement-file';
import { requestedPeriod, type StatementRequest } from './statement-period';

export const STRUCTURE_NOT_FOUND = 'Structure introuvable';
const STATEMENT_NOT_FOUND = 'Relevé de compte introuvable';
/** The list shows this many of a structure's issued statements, newest first. */
const ISSUED_STATEMENTS_LISTED = 100;

export type { StatementRequest } from './statement-period';

export type StatementFile = IssuedStatementFile<IssuedStatement>;

/**
 * A structure's relevé de compte: computed for the screen, issued once given out as a file
 * (ADR 0031). Every entry checks the flux module and the structure's scope first: a
 * structure, or an issued statement, out of scope is "not found".
 */
export interface AccountStatementSettings {
  /** New statements per structure and day; MAX_NEW_STATEMENTS_PER_DAY. */
  newPerDay?: number;
  /** Where the PDF and xlsx render (R-OPS-08): the server's worker threads; default the caller's thread. */
  renderer?: DocumentRenderer;
  /** The process's heavy requests a relevé issued takes a place of (R-OPS-09); default none. */
  heavyWork?: HeavyWork;
}

/** What identifies an issued relevé: the same structure, period, day and content is the same relevé. */
interface StatementKey {
  structureId: number;
  period: { from: string; to: string };
  asOf: string;
  fingerprint: string;
}

export function createAccountStatementService(
  database: Database,
  today: () => string = () => parisToday(),
  settings: AccountStatementSettings = {},
) {
  const newPerDay = settings.newPerDay ?? MAX_NEW_STATEMENTS_PER_DAY;
  const renderer = settings.renderer ?? inThreadRenderer;
  const heavyWork = settings.heavyWork ?? unboundedHeavyWork;
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

  /** What the statement is built from: the structure in scope, the period checked, the flux read. */
  async function draft(
    scope: RequestScope,
    structureId: number,
    request: StatementRequest,
    reader: Pick<Database, 'query'> = database,
    asOf: string = today(),
  ): Promise<StatementDraft> {
    const structure = await structureInScope(scope, structureId, reader);
    const { du: from, au: to } = await requestedPeriod(reader, request);
    const period = { from, to };
    return { structure, period, asOf, parts: await loadStatementParts(reader, structureId, period) };
  }

  async function compute(
    scope: RequestScope,
    structureId: number,
    request: StatementRequest,
    reader: Pick<Database, 'query'> = database,
  ): Promise<{ structure: StatementStructure; statement: AccountStatement }> {
    const { structure, parts, period, asOf } = await draft(scope, structureId, request, reader);
    return { structure, statement: buildAccountStatementFromParts(parts, period, asOf) };
  }

  /**
   * A statement to issue, built and fingerprinted in a render thread (R-OPS-08): a club's year
   * is thousands of flux, whose statement, JSON and hash held the event loop for tens of ms.
   */
  async function summarize(statement: StatementDraft): Promise<{ key: StatementKey; summary: StatementSummary }> {
    const summary = await renderer.render({ kind: 'releve-compte-calcul', ...statement });
    const key = {
      structureId: statement.structure.id,
      period: summary.period,
      asOf: summary.asOf,
      fingerprint: summary.fingerprint,
    };
    return { key, summary };
  }

  /** The same statement asked again (same structure, period, day, content) is the one issued before. */
  async function issue(scope: RequestScope, structureId: number, request: StatementRequest) {
    const statement = await draft(scope, structureId, request);
    const { key, summary } = await summarize(statement);
    const same = await findSameStatement(database, key);
    if (same) return same;
    // Refused here before any rendering; the count that decides is read again as it is stored.
    const issuedToday = await countStatementsIssuedOn(database, structureId, scope.actor.userId, key.asOf);
    if (issuedToday >= newPerDay) throw dailyLimitReached();
    const rendered = await render(statement, summary, key);
    const issued = await storeIssuedStatement(database, scope, rendered, newPerDay);
    if (!issued) throw dailyLimitReached();
    return issued;
  }

  /** The files of a statement about to be issued, numbered with an id reserved for it. */
  async function render(
    statement: StatementDraft,
    summary: StatementSummary,
    key: StatementKey,
  ): Promise<StatementToStore> {
    const id = await reserveStatementId(database);
    const number = accountStatementNumber(id, key.asOf);
    // Read here; the statement built again, the PDF and the xlsx rendered, off the event loop.
    const { pdf, xlsx } = await renderer.render({
      kind: 'releve-compte',
      statement,
      structure: statement.structure,
      issuedAt: new Date(),
      number,
    });
    return {
      ...key,
      id,
      number,
      closingBalance: summary.closingBalance,
      overdueTotal: summary.overdueTotal,
      pdf,
      xlsx,
    };
  }

  function send(scope: RequestScope, statement: IssuedStatement, format: 'pdf' | 'xlsx'): Promise<StatementFile> {
    const { number, structureId, from, to } = statement;
    const fileName = issuedAccountStatementFileName(number, structureId, from, to, format);
    return openIssuedStatementFile(
      database,
      scope,
      { statement, format, fileName },
      {
        table: ACCOUNT_STATEMENT_TABLE,
        action: ACCOUNT_STATEMENT_AUDIT.downloaded,
      },
    );
  }

  return {
    /**
     * One structure's relevé of a batch (R-JOB-06), as of the batch's day: the one issued before
     * when the same exists (nothing to render), else its files rendered here, outside any
     * transaction, and `store` to write it in the job step's transaction under the day's quota
     * (null when the user reached it for that structure since). Null when the structure is
     * no longer in scope.
     */
    async prepareBatchStatement(
      scope: RequestScope,
      structureId: number,
      period: { du: string; au: string },
      asOf: string,
    ): Promise<{
      structure: StatementStructure;
      same: IssuedStatement | null;
      pdf: Buffer | null;
      store: (tx: Queryable) => Promise<IssuedStatement | null>;
    } | null> {
      let statement;
      try {
        statement = await draft(scope, structureId, period, database, asOf);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404) return null;
        throw error;
      }
      const { structure } = statement;
      const { key, summary } = await summarize(statement);
      const same = await findSameStatement(database, key);
      if (same) return { structure, same, pdf: null, store: async () => same };
      if ((await countStatementsIssuedOn(database, structureId, scope.actor.userId, asOf)) >= newPerDay)
        return { structure, same: null, pdf: null, store: async () => null };
      const rendered = await render(statement, summary, key);
      return {
        structure,
        same: null,
        pdf: rendered.pdf,
        store: (tx) => storeIssuedStatementIn(tx, scope, rendered, newPerDay),
      };
    },
    /** The Paris day statements are aged at now (a batch fixes it when asked). */
    today,
    /** The period a request names (its dates, else its season's, else the current season's), checked. */
    period: (request: StatementRequest) => requestedPeriod(database, request),
    /** The statement as of today, for the screen: nothing issued. */
    compute: (scope: RequestScope, structureId: number, request: StatementRequest) =>
      compute(scope, structureId, request, screenReader),
    /** Issues the statement (or finds the same one issued before) and sends one of its files. */
    async download(scope: RequestScope, structureId: number, request: StatementRequest, format: 'pdf' | 'xlsx') {
      // Computed, rendered and stored in its turn among the process's heavy requests (R-OPS-09).
      const owner = { userId: scope.actor.userId, structureId: scope.currentStructureId };
      return send(scope, await heavyWork.run(owner, () => issue(scope, structureId, request)), format);
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

/** One of an issued statement's stored files, its download audited (the relevé de reversements' too, R-PAY-09). */
export { openIssuedStatementFile } from './issued-statement-file';

/** The structure of a statement when the caller may see it (also the overdue letters' addressee). */
export { findStatementStructure, type StatementStructure } from './account-statement.repository';

/** What a relevé is built from, for one structure or several as one account (the monthly recap's, R-RECAP-01). */
export { loadStatementParts } from './account-statement.repository';
