import { OPENING_JOURNAL, type AccountingEntry, type EntryLine } from '@gdf/domain';
import type { Queryable } from '../../db/queryable';
import {
  readEntryLines,
  readEntryRowsById,
  readFrozenLabels,
  readOpeningEntryRows,
  readValidatedEntryRows,
  type LedgerEntryRow,
} from './ledger-entries.repository';

/** Entries built, read and written per batch: bounded memory whatever the books' size. */
export const ENTRY_BATCH = 5_000;

/** Validated entries with their lines and the labels the fiscal year froze. */
async function withLines(tx: Queryable, rows: LedgerEntryRow[]): Promise<AccountingEntry[]> {
  if (rows.length === 0) return [];
  const lines = await readEntryLines(
    tx,
    rows.map((r) => r.id),
  );
  // The labels the fiscal years froze, looked up here: a few thousand rows, one query.
  const labels = new Map<string, string>();
  const years = [...new Set(rows.map((r) => r.yearId))];
  for (const label of await readFrozenLabels(tx, years)) {
    labels.set(`${label.yearId}:${label.nature}:${label.numero}`, label.libelle);
  }
  const yearOf = new Map(rows.map((r) => [r.id, r.yearId]));
  const byEntry = new Map<string, EntryLine[]>();
  for (const l of lines) {
    const list = byEntry.get(l.entryId) ?? [];
    const year = yearOf.get(l.entryId);
    list.push({
      account: l.account,
      accountLabel: labels.get(`${year}:G:${l.account}`) ?? l.account,
      auxAccount: l.auxAccount ?? '',
      auxLabel: (l.auxAccount && labels.get(`${year}:X:${l.auxAccount}`)) ?? '',
      section: l.section,
      debitCents: Number(l.debit),
      creditCents: Number(l.credit),
      lettered: l.lettered,
    });
    byEntry.set(l.entryId, list);
  }
  return rows.map((r) => ({
    fluxId: r.fluxId,
    journal: r.journal,
    number: r.number,
    sequence: r.sequence,
    date: r.date,
    pieceRef: r.pieceRef,
    pieceDate: r.pieceDate,
    validDate: r.validDate,
    lettering: r.letteringCode && r.letteringDate ? { code: r.letteringCode, date: r.letteringDate } : null,
    label: r.label,
    lines: byEntry.get(r.id) ?? [],
  }));
}

export async function readLedgerEntriesById(tx: Queryable, ids: number[]): Promise<Map<number, AccountingEntry>> {
  if (ids.length === 0) return new Map();
  const rows = await readEntryRowsById(tx, ids);
  const entries = await withLines(tx, rows);
  return new Map(rows.map((r, index) => [Number(r.id), entries[index]!]));
}

/**
 * A fiscal year's validated opening entry (R-LEDG-13), when it has one and `journals` takes AN:
 * the first entry of the year's files, whatever the other journals' codes sort like.
 */
export async function openingEntries(
  db: Queryable,
  yearId: number,
  journals?: readonly string[],
): Promise<AccountingEntry[]> {
  if (journals && !journals.includes(OPENING_JOURNAL)) return [];
  return withLines(db, await readOpeningEntryRows(db, yearId));
}

/**
 * The validated entries of the structure dated in [from, to], in file order, batch by batch;
 * not the opening entries (openingEntries), which come before them.
 */
export async function* ledgerEntries(
  db: Queryable,
  structureId: number,
  from: string,
  to: string,
  journals?: readonly string[],
): AsyncGenerator<AccountingEntry[]> {
  let after: [string, string, number] = ['0001-01-01', '', 0];
  for (;;) {
    const rows = await readValidatedEntryRows(db, structureId, { from, to, after, limit: ENTRY_BATCH }, journals);
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    after = [last.date, last.journal, last.sequence];
    yield await withLines(db, rows);
  }
}
