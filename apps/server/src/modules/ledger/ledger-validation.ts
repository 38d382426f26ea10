import {
  closingRefusal,
  entryNumberText,
  OPENING_JOURNAL,
  openingEntry,
  validationRefusal,
  type AccountingEntry,
  type ValidationResult,
} from '@gdf/domain';
import { writeAuditRows, type AuditRow } from '../../db/audit-log';
import type { Database } from '../../db/database';
import { badRequest, HttpError, notFound } from '../../lib/http-errors';
import type { Queryable } from '../../db/queryable';
import type { BooksOwner } from './books';
import {
  closingBalances,
  ensureFiscalYears,
  fiscalYearView,
  listFiscalYears,
  listValidations,
  resultAccountLabels,
  type FiscalYearRow,
} from './fiscal-years.repository';
import { lockedFiscalYears } from './fiscal-years.service';
import { openBooks, stagedEntries, stageUnbookedEntries, type StagedEntry } from './ledger-entries';
import {
  forgetBookedSettlements,
  insertAccountLabels,
  insertEntryHeaders,
  insertEntryLines,
  insertValidation,
  lastJournalNumber,
  listBooksOwners,
  markYearValidated,
  upsertBookedFlux,
  upsertBookedSettlements,
} from './validation.repository';

export const conflict = (message: string) => new HttpError(409, message, 'conflict');

/** Validation is refused while a flux of the range has no mapping (R-LEDG-07). */
export const unmappedMessage = (unmapped: number) =>
  `${unmapped} flux sans mapping comptable jusqu'à cette date : complétez les mappings (Paramétrages comptables > Flux financier) avant de valider.`;

export const NO_NEXT_YEAR_MESSAGE = 'L’exercice suivant n’existe pas encore : clôture impossible.';

export interface ValidationRequest {
  exerciceId: number;
  /** Ignored when closing: a closing validates to the year's end. */
  jusquau: string;
  closing: boolean;
  /** 'YYYY-MM-DD' in Europe/Paris: the validation day (FEC ValidDate). */
  today: string;
}

/**
 * The audit row of a validation, or of a closing, on its fiscal year: how far, how many
 * entries and per journal, and what else the caller adds.
 */
export const validationAuditRow = (
  owner: Pick<BooksOwner, 'userId' | 'structureId'>,
  closing: boolean,
  yearId: number,
  details: Record<string, unknown>,
): AuditRow => ({
  userId: owner.userId,
  structureId: owner.structureId,
  action: closing ? 'cloture_exercice' : 'validation_ecritures',
  table: 'CPT_Exercice',
  targetId: yearId,
  details,
});

/**
 * 'Valider les écritures' and 'Clôturer l'exercice' (R-LEDG-07, R-LEDG-09), in one transaction under
 * the books' lock: the entries not booked yet up to the day are numbered, written once with
 * their lines and the labels of their accounts, and the year's validated range moves on.
 */
export async function validateEntries(
  database: Database,
  owner: BooksOwner,
  request: ValidationRequest,
): Promise<ValidationResult> {
  const structureId = owner.structureId;
  return database.transaction(async (tx) => {
    const years = await lockedFiscalYears(tx, owner, request.today);
    const index = years.findIndex((y) => y.id === request.exerciceId);
    const year = years[index];
    if (!year) throw notFound('Exercice introuvable');
    const jusquau = request.closing ? year.fin : request.jusquau;
    const refusal = request.closing
      ? closingRefusal(year, years.slice(0, index), request.today)
      : validationRefusal(year, jusquau, request.today);
    if (refusal) throw conflict(refusal);

    const books = await openBooks(tx, owner, years);
    const { staged, unmapped } = await stageUnbookedEntries(tx, books, year.debut, jusquau);
    if (unmapped > 0) {
      throw badRequest(unmappedMessage(unmapped));
    }
    const nextYear = years[index + 1];
    if (request.closing && !nextYear) throw conflict(NO_NEXT_YEAR_MESSAGE);
    const validationId = await insertValidation(tx, {
      structureId,
      yearId: year.id,
      jusquau,
      userId: owner.userId,
      entries: staged,
      closing: request.closing,
    });
    const journaux: Record<string, number> = {};
    for await (const batch of stagedEntries(tx, books, year.debut, jusquau)) {
      await writeEntries(tx, structureId, validationId, year, request.today, batch);
      for (const { entry } of batch) journaux[entry.journal] = (journaux[entry.journal] ?? 0) + 1;
    }
    const opening =
      request.closing && nextYear
        ? await writeOpeningEntry(tx, structureId, validationId, year, nextYear, request.today)
        : null;
    await markYearValidated(tx, year.id, jusquau, request.closing);
    await writeAuditRows(tx, [
      validationAuditRow(owner, request.closing, year.id, {
        jusquau,
        ecritures: staged,
        journaux,
        ...(opening ? { aNouveaux: opening } : {}),
      }),
    ]);
    const updated = (await listFiscalYears(tx, structureId)).find((y) => y.id === year.id)!;
    return {
      exercice: fiscalYearView(updated, await listValidations(tx, structureId)),
      nbEcritures: staged,
      journaux,
    };
  });
}

/** One batch of validated entries: headers, lines, the accounts' labels, what books each flux. */
export async function writeEntries(
  tx: Queryable,
  structureId: number,
  validationId: number,
  year: FiscalYearRow,
  validDay: string,
  batch: StagedEntry[],
): Promise<void> {
  const entries: AccountingEntry[] = batch.map(({ entry }) => ({
    ...entry,
    number: entryNumberText(entry.journal, year, entry.sequence!),
    validDate: validDay,
  }));
  const inserted = await insertEntryHeaders(
    tx,
    { structureId, yearId: year.id, validationId },
    entries.map((entry, index) => ({ ...batch[index]!, entry })),
  );
  // A flux may have in one batch its entry, its reversal and settlement entries (and theirs):
  // each is known by its number, unique in the fiscal year's journal.
  const key = (journal: string, sequence: number) => `${journal}:${sequence}`;
  const idOf = new Map(inserted.map((row) => [key(row.journal, row.sequence), row.id]));
  const entryIds = entries.map((entry) => idOf.get(key(entry.journal, entry.sequence!))!);

  const lines = entries.flatMap((entry, index) =>
    entry.lines.map((line, rank) => ({ entryId: entryIds[index]!, rank: rank + 1, line })),
  );
  await insertEntryLines(tx, lines);

  // The first label an account gets in a fiscal year stays (one label per account in a FEC).
  const labels = new Map<string, [string, string, string]>();
  for (const { line } of lines) {
    if (!labels.has(`G:${line.account}`)) labels.set(`G:${line.account}`, ['G', line.account, line.accountLabel]);
    if (line.auxAccount && !labels.has(`X:${line.auxAccount}`)) {
      labels.set(`X:${line.auxAccount}`, ['X', line.auxAccount, line.auxLabel || line.auxAccount]);
    }
  }
  const accounts = [...labels.values()];
  await insertAccountLabels(tx, year.id, accounts);

  // What books each flux: its own entry, never a settlement, a share's, a transfer's nor an opening entry.
  const booked = batch.flatMap((s, index) =>
    s.isReversal ||
    s.reconciliationId !== null ||
    s.unreconciled ||
    s.movementId !== null ||
    s.transferId !== null ||
    s.entry.fluxId === null
      ? []
      : [{ fluxId: s.entry.fluxId, id: entryIds[index]!, fingerprint: s.fingerprint }],
  );
  await upsertBookedFlux(tx, structureId, booked);
  await recordUnreconciledSettlements(tx, structureId, batch, entryIds);
}

/**
 * What books each settlement outside bank reconciliations now (R-LEDG-14): a reversed entry no
 * longer does (whichever of a reversal and its replacement comes first), a new one does.
 */
async function recordUnreconciledSettlements(
  tx: Queryable,
  structureId: number,
  batch: StagedEntry[],
  entryIds: string[],
): Promise<void> {
  const reversed = batch.flatMap((s) => (s.unreconciled && s.isReversal ? [s.reversedId!] : []));
  if (reversed.length > 0) await forgetBookedSettlements(tx, structureId, reversed);
  const settled = batch.flatMap((s, index) =>
    s.unreconciled && !s.isReversal
      ? [{ fluxId: s.entry.fluxId!, id: entryIds[index]!, day: s.entry.pieceDate, fingerprint: s.fingerprint }]
      : [],
  );
  if (settled.length === 0) return;
  await upsertBookedSettlements(tx, structureId, settled);
}

/**
 * The opening entry of the year after a closed one (R-LEDG-13, ADR 0046): the closed year's
 * balance-sheet balances per account and auxiliary account (its own opening entry included),
 * the result to 120000/129000, dated the first day of `nextYear` and numbered first in its AN
 * journal, validated with the closing. Returns what the audit row tells, or null when nothing
 * is carried.
 */
export async function writeOpeningEntry(
  tx: Queryable,
  structureId: number,
  validationId: number,
  closedYear: FiscalYearRow,
  nextYear: FiscalYearRow,
  validDay: string,
): Promise<{ exercice: number; lignes: number } | null> {
  const balances = await closingBalances(tx, structureId, closedYear.id);
  const entry = openingEntry(closedYear, nextYear, balances, validDay, await resultAccountLabels(tx, structureId));
  if (!entry) return null;
  // AN is reserved to opening entries: its sequence in the new year starts here.
  const sequence = (await lastJournalNumber(tx, nextYear.id, OPENING_JOURNAL)) + 1;
  await writeEntries(tx, structureId, validationId, nextYear, validDay, [
    {
      entry: { ...entry, sequence },
      exerciceId: nextYear.id,
      exerciceEnd: nextYear.fin,
      fingerprint: `a-nouveaux:${closedYear.id}`,
      isReversal: false,
      reconciliationId: null,
      unreconciled: false,
      reversedId: null,
      movementId: null,
      transferId: null,
    },
  ]);
  return { exercice: nextYear.id, lignes: entry.lines.length };
}

/**
 * The demo's books (R-LEDG-09): every fiscal year that ended before the last ended one is
 * closed, so a new user sees a closed year, an ended one still open and the current one.
 * Returns the years closed.
 */
export async function closeDemoFiscalYears(database: Database, today: string): Promise<number> {
  const owners = await listBooksOwners(database);
  let closed = 0;
  for (const { structureId, structureType } of owners) {
    const owner: BooksOwner = {
      structureId,
      structureType: structureType as BooksOwner['structureType'],
      userId: null,
    };
    await database.transaction((tx) => ensureFiscalYears(tx, owner, today));
    const years = await listFiscalYears(database, structureId);
    const lastEnded = years.filter((y) => y.fin < today).at(-1);
    for (const year of years.filter((y) => lastEnded && y.fin < lastEnded.debut && y.statut === 'ouvert')) {
      await validateEntries(database, owner, { exerciceId: year.id, jusquau: year.fin, closing: true, today });
      closed += 1;
    }
  }
  return closed;
}
