import {
  BANK_STATEMENT_TEXT,
  balancesAgree,
  HEAD_OFFICE_STRUCTURE_ID,
  isOwnAccount,
  ModuleSlug,
  parisToday,
  matchEntry,
  parseFluxNumber,
  SEPA_WRITE,
  statementAccountIban,
  statementDatedAfter,
  type BankEntryFilter,
  type BankEntryPage,
  type BankEntryView,
  type BankMatchFlux,
  type BankStatement,
  type BankStatementImportResult,
  type BankStatementSummary,
  type MatchProposal,
} from '@gdf/domain';
import { writeAuditRows } from '../../db/audit-log';
import type { Database } from '../../db/database';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http-errors';
import { CONTENT_NATURE, insertContent, sha256Hex } from '../../db/content-store';
import { requireGrant, requireModule, type RequestScope } from '../scope/scope';
import { entriesByIds, entriesOfStatement, statementsOf, type EntryRow } from './bank-statements.repository';
import { openFluxFound } from './matching.repository';
import {
  attachStatementContent,
  headOfficeIbans,
  insertEntries,
  lockStatementImports,
  saveImportedStatement,
  statementImportAudit,
} from './statement-import.repository';
import { loadMatchingData, matchableEntry } from './matching-data';
import { entryState, payerView, reconciliationsOf, toMatchFlux, toProposal, toSummary } from './bank-entry-views';
import { readBankStatementFile } from './read-bank-statement';

export interface StatementFile {
  fileName: string;
  bytes: Buffer;
}

/** The accounts the head office owns besides its RIBs (the configured SEPA creditor IBAN). */
export interface BankAccountsSettings {
  creditorIban?: string;
}

const unprocessable = (message: string) => new HttpError(422, message, 'unprocessable');

/** Statements are the head office's: read with the SEPA module, from the head office. */
function requireHeadOfficeRead(scope: RequestScope): void {
  requireModule(scope, ModuleSlug.ExportSepa);
  if (scope.currentStructureId !== HEAD_OFFICE_STRUCTURE_ID) throw forbidden(BANK_STATEMENT_TEXT.notHeadOffice);
}

/** Importing and reconciling write: the SEPA write grant, from the head office. */
export function requireHeadOfficeWrite(scope: RequestScope): void {
  requireGrant(scope, SEPA_WRITE, BANK_STATEMENT_TEXT.noWriteGrant);
  if (scope.currentStructureId !== HEAD_OFFICE_STRUCTURE_ID) throw forbidden(BANK_STATEMENT_TEXT.notHeadOffice);
}

/**
 * Imports a statement file (R-BANK-01). Refused as a whole, before anything is
 * written, when a statement is dated after today (Paris, R-BANK-08), is not in euros, is not
 * on one of the head office's accounts, or its balances do not add up. Then, in one
 * transaction serialised with other imports: the file's bytes, each statement once (account +
 * statement id), each entry once (statement + entry reference), and one audit row. The new
 * credits are matched at once to report how many have a sure proposal.
 */
export async function importStatementFile(
  database: Database,
  scope: RequestScope,
  settings: BankAccountsSettings,
  file: StatementFile,
  { now = new Date() }: { now?: Date } = {},
): Promise<BankStatementImportResult> {
  const statements = await checkedStatements(database, scope, settings, file, now);
  return importCheckedStatements(database, scope, file, statements);
}

/**
 * Credits of the new entries with a sure proposal (the import's nbPropositionsSures), read once
 * the entries are committed.
 */
export async function sureProposals(database: Database, scope: RequestScope, entryIds: readonly number[]) {
  const credits = (await entriesByIds(database, entryIds)).filter(isOpenCredit);
  const proposals = await proposalsFor(database, scope, credits);
  return credits.filter((row) => proposals.get(row.id)?.[0]?.confidence === 'sure').length;
}

/**
 * The file read and refused as a whole (R-BANK-01, R-BANK-08) before anything is written: the
 * SEPA write grant from the head office, a readable file, no statement dated after today, in
 * euros, on an account of the head office, balances that add up.
 */
export async function checkedStatements(
  database: Database,
  scope: RequestScope,
  settings: BankAccountsSettings,
  file: StatementFile,
  now: Date,
): Promise<BankStatement[]> {
  requireHeadOfficeWrite(scope);
  const statements = readBankStatementFile(file.bytes);
  if (statements.length === 0) throw badRequest(BANK_STATEMENT_TEXT.empty);
  const today = parisToday(now);
  for (const statement of statements) {
    const day = statementDatedAfter(statement, today);
    if (day) throw badRequest(BANK_STATEMENT_TEXT.datedAfterToday(statement.statementId, day));
  }
  const ownIbans = await headOfficeIbans(database, HEAD_OFFICE_STRUCTURE_ID);
  if (settings.creditorIban) ownIbans.push(settings.creditorIban);
  for (const statement of statements) {
    if (statement.currency !== 'EUR') throw unprocessable(BANK_STATEMENT_TEXT.notEuro(statement.currency));
    const account = statementAccountIban(statement.account);
    if (!account) throw unprocessable(BANK_STATEMENT_TEXT.unreadableAccount);
    if (!isOwnAccount(statement.account, ownIbans)) throw unprocessable(BANK_STATEMENT_TEXT.notOwnAccount(account));
    if (!balancesAgree(statement)) throw unprocessable(BANK_STATEMENT_TEXT.balancesDisagree(statement.statementId));
  }
  return statements;
}

/** The statements of a file checked by checkedStatements, written in one transaction (a small file). */
export async function importCheckedStatements(
  database: Database,
  scope: RequestScope,
  file: StatementFile,
  statements: BankStatement[],
): Promise<BankStatementImportResult> {
  const who = { userId: scope.actor.userId, structureId: scope.currentStructureId };
  const imported = await database.transaction(async (tx) => {
    await lockStatementImports(tx);
    const releves = [];
    const newEntryIds: number[] = [];
    for (const statement of statements) {
      const saved = await saveImportedStatement(tx, statement, file.fileName, scope.actor.userId);
      const added = await insertEntries(tx, saved.id, statement.entries);
      newEntryIds.push(...added);
      releves.push({ ...saved, nbEcrituresAjoutees: added.length });
    }
    // The file's bytes are kept once something of it is new: the same file again adds nothing.
    const createdIds = releves.filter((releve) => releve.nouveau).map((releve) => releve.id);
    const sha256 = sha256Hex(file.bytes);
    if (createdIds.length > 0) {
      const content = await insertContent(tx, {
        nature: CONTENT_NATURE.bankStatement,
        bytes: file.bytes,
        mimeType: file.bytes[0] === 0x3c ? 'application/xml' : 'text/plain',
      });
      await attachStatementContent(tx, createdIds, content.id);
    }
    await writeAuditRows(tx, [
      statementImportAudit(who, { fileName: file.fileName, sha256, format: statements[0]!.format }, releves),
    ]);
    return { releves, newEntryIds };
  });
  const nbPropositionsSures = await sureProposals(database, scope, imported.newEntryIds);
  return { format: statements[0]!.format, nomFichier: file.fileName, releves: imported.releves, nbPropositionsSures };
}

const isBookedCredit = (row: EntryRow) => row.direction === 'credit' && (row.status === null || row.status === 'BOOK');

const isOpenCredit = (row: EntryRow) => isBookedCredit(row) && row.reconciliationId === null;

async function proposalsFor(database: Database, scope: RequestScope, credits: readonly EntryRow[]) {
  const proposals = new Map<number, MatchProposal[]>();
  if (credits.length === 0) return proposals;
  const entries = credits.map(matchableEntry);
  const { data } = await loadMatchingData(database, scope, entries);
  for (const entry of entries) proposals.set(entry.row.id, matchEntry(entry, entry.references, data).proposals);
  return proposals;
}

export async function listStatements(database: Database, scope: RequestScope): Promise<BankStatementSummary[]> {
  requireHeadOfficeRead(scope);
  return (await statementsOf(database, HEAD_OFFICE_STRUCTURE_ID)).map(toSummary);
}

const PAGE_SIZE_MAX = 100;

/** A page of a statement's entries, with proposals for the credits to reconcile. */
export async function statementEntries(
  database: Database,
  scope: RequestScope,
  statementId: number,
  query: { filtre: BankEntryFilter; page: number; taille: number },
): Promise<BankEntryPage> {
  requireHeadOfficeRead(scope);
  const [statement] = await statementsOf(database, HEAD_OFFICE_STRUCTURE_ID, statementId);
  if (!statement) throw notFound(BANK_STATEMENT_TEXT.statementNotFound);
  const size = Math.min(Math.max(1, query.taille), PAGE_SIZE_MAX);
  const { rows, total } = await entriesOfStatement(database, statementId, query.filtre, {
    limit: size,
    offset: (Math.max(1, query.page) - 1) * size,
  });
  return { releve: toSummary(statement), ecritures: await entryViews(database, scope, rows), total };
}

export async function entryViews(
  database: Database,
  scope: RequestScope,
  rows: readonly EntryRow[],
): Promise<BankEntryView[]> {
  // Booked credits, reconciled or not: each shows its payer (R-BANK-09); the open ones their proposals.
  const entries = rows.filter(isBookedCredit).map(matchableEntry);
  const matching = entries.length > 0 ? await loadMatchingData(database, scope, entries) : null;
  const reconciliations = await reconciliationsOf(
    database,
    scope,
    rows.filter((row) => row.reconciliationId !== null),
  );
  const byId = new Map(entries.map((entry) => [entry.row.id, entry]));
  return rows.map((row) => {
    const entry = byId.get(row.id);
    const matched = entry && matching ? matchEntry(entry, entry.references, matching.data) : null;
    const propositions = matched && isOpenCredit(row) ? matched.proposals.map((p) => toProposal(p, matching!)) : [];
    return {
      id: row.id,
      reference: row.reference,
      dateComptable: row.bookingDate,
      dateValeur: row.valueDate,
      sens: row.direction,
      montantCents: Number(row.cents),
      libelle: row.label,
      infosRemise: row.remittanceInfo,
      nomDebiteur: row.debtorName,
      ibanDebiteur: row.debtorIban,
      etat: entryState(row),
      payeur: matched?.payer && matching ? payerView(matched.payer, matching.data) : null,
      propositions,
      rapprochement: reconciliations.get(row.id) ?? null,
    };
  });
}

const SEARCH_LIMIT = 20;

/**
 * 'Chercher un flux' next to an entry: open flux in scope by invoice number, flux id,
 * structure (name or federal code) or label, to correct or split a proposal by hand. A flux
 * number is read as the flux search reads it (R-SEARCH-23): a printed number of another
 * season than its flux's finds nothing.
 */
export async function searchOpenFlux(database: Database, scope: RequestScope, text: string): Promise<BankMatchFlux[]> {
  requireHeadOfficeRead(scope);
  const q = text.trim().slice(0, 100);
  if (q.length < 2) return [];
  const number = parseFluxNumber(q);
  const rows = await openFluxFound(database, scope, { number, text: q }, SEARCH_LIMIT);
  return rows.map(toMatchFlux);
}
