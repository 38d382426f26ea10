import { createHash } from 'node:crypto';
import {
  MAX_NEW_STATEMENTS_PER_DAY,
  ModuleSlug,
  StructureType,
  buildPayoutStatement,
  parisToday,
  payoutStatementFileName,
  payoutStatementNumber,
  shareLevelOfStructureType,
  type PayoutStatement,
  type StatementPeriodDays,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import { HttpError, forbidden, notFound } from '../../lib/http-errors';
import { unboundedHeavyWork, type HeavyWork } from '../../lib/heavy-work/heavy-work';
import {
  createAccountStatementService,
  findStatementStructure,
  openIssuedStatementFile,
  type StatementRequest,
  type StatementStructure,
} from '../account-statement/account-statement.service';
import { requireModule, type RequestScope } from '../scope/scope';
import { PAYOUT_STATEMENT_TEXTS } from './messages';
import { renderPayoutStatementFiles } from './payout-statement-pdf';
import {
  PAYOUT_STATEMENT_AUDIT,
  PAYOUT_STATEMENT_TABLE,
  countPayoutStatementsIssuedOn,
  findIssuedPayoutStatement,
  findSamePayoutStatement,
  listIssuedPayoutStatements,
  loadPayoutStatementParts,
  reservePayoutStatementId,
  storeIssuedPayoutStatement,
  type IssuedPayoutStatement,
} from './payout-statement.repository';
import { syncShares } from './shares-sync';
import { structureType } from './structure-shares.repository';

/** The list shows this many of a structure's issued statements, newest first. */
const ISSUED_LISTED = 100;

/** The fingerprint of an issued relevé: the SHA-256 of its structure block and statement as JSON. */
function fingerprint(structure: StatementStructure, statement: PayoutStatement): string {
  return createHash('sha256').update(JSON.stringify({ structure, statement }), 'utf8').digest('hex');
}

/**
 * R-PAY-09: a ligue's or a comité's relevé de reversements, computed for the screen, issued
 * once given out as a file, as a relevé de compte is (ADR 0031). Read under the flux module as
 * the shares section is: the structure itself and those whose scope reaches it (the head
 * office); a club is refused; a structure out of scope, or not a payee, is "not found".
 */
export function createPayoutStatementService(
  database: Database,
  today: () => string = () => parisToday(),
  settings: { newPerDay?: number; heavyWork?: HeavyWork } = {},
) {
  const newPerDay = settings.newPerDay ?? MAX_NEW_STATEMENTS_PER_DAY;
  const heavyWork = settings.heavyWork ?? unboundedHeavyWork;
  const periods = createAccountStatementService(database, today);

  async function payeeInScope(scope: RequestScope, structureId: number) {
    requireModule(scope, ModuleSlug.FluxFinanciers);
    if (scope.currentStructureType === StructureType.Club) throw forbidden(PAYOUT_STATEMENT_TEXTS.clubRefused);
    const structure = await findStatementStructure(database, scope, structureId);
    if (!structure) throw notFound(PAYOUT_STATEMENT_TEXTS.notFound);
    const type = await structureType(database, structureId);
    const level = type === null ? null : shareLevelOfStructureType(type);
    if (level === null) throw notFound(PAYOUT_STATEMENT_TEXTS.notAPayee);
    return { structure, level };
  }

  /** The statement over the period asked, the shares brought up to date first (R-PAY-04). */
  async function compute(scope: RequestScope, structureId: number, request: StatementRequest) {
    const { structure, level } = await payeeInScope(scope, structureId);
    const { du, au } = await periods.period(request);
    const period: StatementPeriodDays = { from: du, to: au };
    await syncShares(database, today());
    const parts = await loadPayoutStatementParts(database, level, structureId, period);
    return { structure, statement: buildPayoutStatement(parts, period) };
  }

  /** The same statement asked again (same structure, period and content) is the one issued before. */
  async function issue(scope: RequestScope, structureId: number, request: StatementRequest) {
    const { structure, statement } = await compute(scope, structureId, request);
    const key = { structureId, period: statement.period, fingerprint: fingerprint(structure, statement) };
    const same = await findSamePayoutStatement(database, key);
    if (same) return same;
    const issuedOn = today();
    const limit = new HttpError(429, PAYOUT_STATEMENT_TEXTS.dailyLimit(newPerDay), 'too-many-requests');
    if ((await countPayoutStatementsIssuedOn(database, structureId, scope.actor.userId, issuedOn)) >= newPerDay)
      throw limit;
    const id = await reservePayoutStatementId(database);
    const number = payoutStatementNumber(id, issuedOn);
    const files = await renderPayoutStatementFiles(statement, structure, { number, day: issuedOn, at: new Date() });
    const actor = { userId: scope.actor.userId, structureId: scope.currentStructureId };
    const toStore = { ...key, id, number, issuedOn, closingBalance: statement.closingBalance, ...files };
    const issued = await storeIssuedPayoutStatement(database, actor, toStore, newPerDay);
    if (!issued) throw limit;
    return issued;
  }

  function send(scope: RequestScope, statement: IssuedPayoutStatement, format: 'pdf' | 'xlsx') {
    const { number, structureId, from, to } = statement;
    const fileName = payoutStatementFileName(number, structureId, from, to, format);
    return openIssuedStatementFile(
      database,
      scope,
      { statement, format, fileName },
      {
        table: PAYOUT_STATEMENT_TABLE,
        action: PAYOUT_STATEMENT_AUDIT.downloaded,
      },
    );
  }

  return {
    /** The statement for the screen: nothing issued. */
    async compute(scope: RequestScope, structureId: number, request: StatementRequest) {
      const { structure, statement } = await compute(scope, structureId, request);
      return { structure: { id: structureId, name: structure.name }, ...statement };
    },
    /** Issues the statement (or finds the same one issued before) and sends one of its files. */
    async download(scope: RequestScope, structureId: number, request: StatementRequest, format: 'pdf' | 'xlsx') {
      const owner = { userId: scope.actor.userId, structureId: scope.currentStructureId };
      return send(scope, await heavyWork.run(owner, () => issue(scope, structureId, request)), format);
    },
    async list(scope: RequestScope, structureId: number) {
      await payeeInScope(scope, structureId);
      const issued = await listIssuedPayoutStatements(database, structureId, ISSUED_LISTED);
      return issued.map(({ files: _files, structureId: _structure, ...summary }) => summary);
    },
    /** An issued statement's stored file, as it was given out the first time. */
    async downloadIssued(scope: RequestScope, statementId: number, format: 'pdf' | 'xlsx') {
      requireModule(scope, ModuleSlug.FluxFinanciers);
      if (scope.currentStructureType === StructureType.Club) throw forbidden(PAYOUT_STATEMENT_TEXTS.clubRefused);
      const statement = await findIssuedPayoutStatement(database, statementId);
      // Out of scope reads as unknown: the structure is checked before any byte is read.
      if (!statement || !(await findStatementStructure(database, scope, statement.structureId)))
        throw notFound(PAYOUT_STATEMENT_TEXTS.issuedNotFound);
      return send(scope, statement, format);
    },
  };
}
