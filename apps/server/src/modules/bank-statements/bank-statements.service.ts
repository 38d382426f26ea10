import {
  allocationProblem,
  BANK_STATEMENT_TEXT,
  balancesAgree,
  HEAD_OFFICE_STRUCTURE_ID,
  invoiceNumber,
  isOwnAccount,
  ModuleSlug,
  parisToday,
  identifyPayer,
  matchEntry,
  parseFluxNumber,
  SEPA_WRITE,
  settlesFlux,
  statementAccountIban,
  statementDatedAfter,
  type BankEntryFilter,
  type BankEntryPage,
  type BankEntryPayer,
  type BankEntryProposal,
  type BankEntryState,
  type BankEntryView,
  type BankMatchFlux,
  type BankReconciliation,
  type BankStatement,
  type BankStatementImportResult,
  type BankStatementSummary,
  type ConfirmReconciliationBody,
  type IdentifiedPayer,
  type MatchingData,
  type MatchProposal,
} from '@gdf/domain';
import { writeAuditRows } from '../../db/audit-log';
import { intArray } from '../../db/sql-arrays';
import type { Database } from '../../db/database';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http-errors';
import { CONTENT_NATURE, insertContent, sha256Hex } from '../../db/content-store';
import type { Queryable } from '../../db/queryable';
import { requireGrant, requireModule, type RequestScope } from '../scope/scope';
import {
  activeReconciliationParts,
  attachStatementContent,
  cancelReconciliation,
  entriesByIds,
  entriesOfStatement,
  fluxFacts,
  headOfficeIbans,
  insertEntries,
  insertReconciliation,
  lockEntry,
  lockFlux,
  lockStatementImports,
  openFlux,
  RECONCILIATION_AUDIT_ACTION,
  RECONCILIATION_UNDO_AUDIT_ACTION,
  settleFlux,
  statementsOf,
  unsettleUncovered,
  type EntryRow,
  type FluxFacts,
  type OpenFluxRow,
  type StatementRow,
  saveImportedStatement,
  statementImportAudit,
} from './bank-statements.repository';
import { loadMatchingData, matchableEntry } from './matching-data';
import { readBankStatementFile } from './read-bank-statement';

export interface StatementFile {
  fileName: string;
  bytes: Buffer;
}

/** The accounts the head office owns besides its RIBs (the configured SEPA creditor IBAN). */
export interface BankAccountsSettings {
  creditorIban?: string;
}

const conflict = (message: string) => new HttpError(409, message, 'conflict');
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

const maskedAccount = (iban: string) => `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;

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

function payerView(payer: IdentifiedPayer, data: MatchingData): BankEntryPayer {
  return {
    ID_Structure: payer.structureId,
    NomStructure: data.structureNames?.names.get(payer.structureId) ?? String(payer.structureId),
    sources: payer.sources,
  };
}

async function proposalsFor(database: Database, scope: RequestScope, credits: readonly EntryRow[]) {
  const proposals = new Map<number, MatchProposal[]>();
  if (credits.length === 0) return proposals;
  const entries = credits.map(matchableEntry);
  const { data } = await loadMatchingData(database, scope, entries);
  for (const entry of entries) proposals.set(entry.row.id, matchEntry(entry, entry.references, data).proposals);
  return proposals;
}

function toSummary(row: StatementRow): BankStatementSummary {
  return {
    id: row.id,
    format: row.format as BankStatementSummary['format'],
    identifiant: row.identifiant,
    compte: maskedAccount(row.compte),
    dateDebut: row.dateDebut,
    dateFin: row.dateFin,
    soldeOuvertureCents: Number(row.opening),
    soldeClotureCents: Number(row.closing),
    nbEcritures: Number(row.nbEcritures),
    nbRapprochees: Number(row.nbRapprochees),
    nbATraiter: Number(row.nbATraiter),
    nomFichier: row.nomFichier,
    dateImport: new Date(row.dateImport).toISOString(),
  };
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

async function entryViews(
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

function entryState(row: EntryRow): BankEntryState {
  if (row.reconciliationId !== null) return 'rapprochee';
  if (row.direction === 'debit') return 'debit';
  return row.status === null || row.status === 'BOOK' ? 'a_traiter' : 'non_comptabilisee';
}

const toMatchFlux = (row: OpenFluxRow | FluxFacts): BankMatchFlux => ({
  ID_FluxFinancier: row.id,
  numeroFacture: invoiceNumber(row.seasonId, row.id),
  NomFluxFinancier: row.label,
  ID_Structure: row.structureId,
  NomStructure: row.structureName,
  montantCents: Number(row.cents),
  resteDuCents: Number(row.dueCents),
  dateCreation: row.createdDay,
});

function toProposal(
  proposal: MatchProposal,
  matching: { data: MatchingData; rows: Map<number, OpenFluxRow> },
): BankEntryProposal {
  return {
    flux: proposal.fluxIds.map((id) => toMatchFlux(matching.rows.get(id)!)),
    resteDuCents: proposal.dueCents,
    score: proposal.score,
    confiance: proposal.confidence,
    raisons: proposal.reasons,
    autreStructure: proposal.otherStructure,
    debitRejets: proposal.rejectDebit
      ? {
          id: proposal.rejectDebit.entryId,
          montantCents: proposal.rejectDebit.amountCents,
          dateComptable: proposal.rejectDebit.bookingDate,
        }
      : null,
  };
}

async function reconciliationsOf(
  database: Database,
  scope: RequestScope,
  rows: readonly EntryRow[],
): Promise<Map<number, BankReconciliation>> {
  const result = new Map<number, BankReconciliation>();
  const parts = await activeReconciliationParts(
    database,
    rows.map((row) => row.id),
  );
  if (parts.length === 0) return result;
  const facts = await fluxFacts(database, scope, [...new Set(parts.map((part) => part.fluxId))]);
  for (const part of parts) {
    const flux = facts.get(part.fluxId);
    if (!flux) continue;
    const reconciliation = result.get(part.entryId) ?? {
      id: part.reconciliationId,
      date: new Date(part.date).toISOString(),
      utilisateur: part.userName,
      parts: [],
    };
    reconciliation.parts.push({ flux: toMatchFlux(flux), montantCents: Number(part.cents), regle: part.settled });
    result.set(part.entryId, reconciliation);
  }
  return result;
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
  const rows = await openFlux(
    database,
    scope,
    (p) => {
      if (number) {
        const id = `f.id = $${p.push(number.fluxId)}`;
        return number.seasonId === null ? id : `${id} AND f."ID_Saison" = $${p.push(number.seasonId)}`;
      }
      const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const ref = `$${p.push(like)}`;
      return `(s."NomStructure" ILIKE ${ref} OR s."ID_CodeFederal" ILIKE ${ref} OR f."NomFluxFinancier" ILIKE ${ref})`;
    },
    { limit: SEARCH_LIMIT },
  );
  return rows.map(toMatchFlux);
}

/**
 * Confirms a reconciliation (R-BANK-04: confirm, correct or split). One transaction: the
 * entry locked (a second confirmation waits, then finds it reconciled), the flux locked
 * and checked open and in scope with what they still owe, the parts checked by the
 * domain's allocationProblem, the reconciliation and its parts recorded, the flux whose
 * parts reach their amount settled on the bank's booking day, and the audit rows.
 */
export async function confirmReconciliation(
  database: Database,
  scope: RequestScope,
  entryId: number,
  body: ConfirmReconciliationBody,
): Promise<BankEntryView> {
  return changeEntry(database, scope, entryId, async (tx, entry, who) => {
    if (entry.direction !== 'credit') throw conflict(BANK_STATEMENT_TEXT.notACredit);
    if (entry.status !== null && entry.status !== 'BOOK') throw conflict(BANK_STATEMENT_TEXT.notBooked);
    if (entry.reconciliationId !== null) throw conflict(BANK_STATEMENT_TEXT.alreadyMatched);
    const ids = body.parts.map((part) => part.ID_FluxFinancier);
    const open = await openFlux(tx, scope, (p) => `f.id = ANY($${p.push(intArray(ids))}::int[])`, {
      lock: true,
    });
    const byId = new Map(open.map((row) => [row.id, row]));
    await refuseOtherStructureUnlessConfirmed(tx, scope, entry, open, body.autreStructureConfirmee === true);
    const allocations = body.parts.map((part) => ({ fluxId: part.ID_FluxFinancier, amountCents: part.montantCents }));
    const problem = allocationProblem(
      Number(entry.cents),
      allocations,
      new Map(open.map((row) => [row.id, Number(row.dueCents)])),
    );
    if (problem) throw unprocessable(problem);
    const parts = allocations.map((part) => {
      const flux = byId.get(part.fluxId)!;
      const paidBefore = Number(flux.cents) - Number(flux.dueCents);
      return { ...part, settles: settlesFlux(Number(flux.cents), paidBefore + part.amountCents) };
    });
    const reconciliationId = await insertReconciliation(tx, { entryId, userId: scope.actor.userId, parts });
    const settled = await settleFlux(
      tx,
      parts.filter((part) => part.settles).map((part) => part.fluxId),
      { id: entryId, bookingDate: entry.bookingDate },
    );
    await writeAuditRows(tx, [
      {
        ...who,
        action: RECONCILIATION_AUDIT_ACTION,
        table: 'BQE_EcritureBancaire',
        targetId: entryId,
        details: {
          rapprochement: reconciliationId,
          releve: entry.statementId,
          montant: Number(entry.cents),
          parts: parts.map((part) => ({ flux: part.fluxId, montant: part.amountCents, regle: part.settles })),
        },
      },
      ...settled.map((fluxId) => ({
        ...who,
        action: 'reglement_flux',
        table: 'MKP_FluxFinancier',
        targetId: fluxId,
        details: { avant: false, apres: true, dateReglement: entry.bookingDate, ecritureBancaire: entryId },
      })),
    ]);
  });
}

/**
 * R-BANK-10: a flux of another structure than the entry's identified payer is reconciled only
 * when the request says the user was told and confirmed it; else a French 400 naming both.
 */
async function refuseOtherStructureUnlessConfirmed(
  tx: Queryable,
  scope: RequestScope,
  entry: EntryRow,
  flux: readonly OpenFluxRow[],
  confirmed: boolean,
): Promise<void> {
  if (confirmed) return;
  const matchable = matchableEntry(entry);
  const { data } = await loadMatchingData(tx, scope, [matchable]);
  const payer = identifyPayer(matchable, matchable.references, data);
  if (!payer) return;
  const other = flux.find((row) => row.structureId !== payer.structureId);
  if (!other) return;
  const payerName = data.structureNames?.names.get(payer.structureId) ?? String(payer.structureId);
  throw badRequest(BANK_STATEMENT_TEXT.otherStructure(payerName, other.structureName));
}

/**
 * 'Annuler le rapprochement': the reconciliation is dated cancelled (kept for the audit),
 * and the flux it settled whose remaining parts no longer cover them are unpaid again.
 */
export async function undoReconciliation(
  database: Database,
  scope: RequestScope,
  entryId: number,
): Promise<BankEntryView> {
  return changeEntry(database, scope, entryId, async (tx, entry, who) => {
    if (entry.reconciliationId === null) throw conflict(BANK_STATEMENT_TEXT.notMatched);
    const parts = await activeReconciliationParts(tx, [entryId]);
    const fluxIds = parts.map((part) => part.fluxId);
    // Lock the flux before changing what covers them.
    await lockFlux(tx, fluxIds);
    await cancelReconciliation(tx, entry.reconciliationId, scope.actor.userId);
    const unsettled = await unsettleUncovered(tx, fluxIds);
    await writeAuditRows(tx, [
      {
        ...who,
        action: RECONCILIATION_UNDO_AUDIT_ACTION,
        table: 'BQE_EcritureBancaire',
        targetId: entryId,
        details: { rapprochement: entry.reconciliationId, flux: fluxIds, nonRegles: unsettled },
      },
      ...unsettled.map((fluxId) => ({
        ...who,
        action: 'reglement_flux',
        table: 'MKP_FluxFinancier',
        targetId: fluxId,
        details: { avant: true, apres: false, annulationRapprochement: entry.reconciliationId },
      })),
    ]);
  });
}

type Who = { userId: number; structureId: number };

/**
 * A reconciliation change of one entry: the SEPA write grant from the head office, then one
 * transaction with the entry locked (a concurrent change waits, then sees this one's result),
 * and the entry as it is afterwards.
 */
async function changeEntry(
  database: Database,
  scope: RequestScope,
  entryId: number,
  change: (tx: Queryable, entry: EntryRow, who: Who) => Promise<void>,
): Promise<BankEntryView> {
  requireHeadOfficeWrite(scope);
  const who = { userId: scope.actor.userId, structureId: scope.currentStructureId };
  await database.transaction(async (tx) => {
    const entry = await lockEntry(tx, entryId, HEAD_OFFICE_STRUCTURE_ID);
    if (!entry) throw notFound(BANK_STATEMENT_TEXT.entryNotFound);
    await change(tx, entry, who);
  });
  return viewOfEntry(database, scope, entryId);
}

async function viewOfEntry(database: Database, scope: RequestScope, entryId: number): Promise<BankEntryView> {
  const [view] = await entryViews(database, scope, await entriesByIds(database, [entryId]));
  if (!view) throw notFound(BANK_STATEMENT_TEXT.entryNotFound);
  return view;
}
