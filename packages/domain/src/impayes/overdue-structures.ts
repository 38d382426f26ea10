/**
 * R-DUE-01: the 'Impayés' list: one row per structure with overdue flux, aged in the buckets of the
 * relevé de compte. What is overdue and in which bucket is decided by the account
 * statement's rule (overdueFlux), never again here.
 */
import type { Cents } from '../money/money';
import { formatIsoDay } from '../documents/document-format';
import type { ExportTable } from '@gdf/file-formats';
import {
  AGEING_BUCKETS,
  AGEING_BUCKET_LABELS,
  overdueFlux,
  type AccountFlux,
  type AgeingBucket,
  type OverdueFlux,
} from '../account-statement/account-statement';
import { RECEIVABLE_LABELS, structureBalance } from '../receivables/reste-du';
import { REMINDER_LEVEL_LABELS, nextReminderLevel, type ReminderLevel } from './reminder-rules';

export interface OverdueStructure {
  id: number;
  name: string;
  code: string | null;
}

/** The last letter sent to a structure, as the list shows it. */
export interface ReminderSummary {
  id: number;
  level: ReminderLevel;
  /** Paris day it was issued, YYYY-MM-DD. */
  date: string;
  total: Cents;
  fluxIds: number[];
}

export interface OverdueRow {
  structure: OverdueStructure;
  buckets: Record<AgeingBucket, Cents>;
  /** What is overdue: Σ of the overdue flux' reste dû (R-BAL-01). */
  total: Cents;
  /** The structure's balance (R-BAL-01): overdue or not, less what it is owed. */
  resteDu: Cents;
  /** Number of overdue flux. */
  count: number;
  oldestDaysLate: number;
  lastReminder: ReminderSummary | null;
  proposedLevel: ReminderLevel;
}

/**
 * One structure's row, or null when nothing of it is overdue at `asOf` (a structure with
 * only flux not yet due, paid or relaunched is not in the list). `flux` holds the structure's
 * open flux at least (closed ones owe nothing): its balance is read from them.
 */
export function overdueRow(
  structure: OverdueStructure,
  flux: readonly AccountFlux[],
  asOf: string,
  lastReminder: ReminderSummary | null,
): OverdueRow | null {
  const overdue = overdueFlux(flux, asOf);
  if (overdue.flux.length === 0) return null;
  const buckets = Object.fromEntries(
    AGEING_BUCKETS.map((bucket) => [bucket, overdue.buckets[bucket].amount]),
  ) as Record<AgeingBucket, Cents>;
  return {
    structure,
    buckets,
    total: overdue.total,
    resteDu: structureBalance(flux, asOf),
    count: overdue.flux.length,
    oldestDaysLate: Math.max(...overdue.flux.map((item) => item.daysLate)),
    lastReminder,
    proposedLevel: nextReminderLevel(
      lastReminder,
      overdue.flux.map((item) => item.fluxId),
    ),
  };
}

/** The overdue flux of one structure (what a letter cites), by the statement's rule. */
export function overdueOf(flux: readonly AccountFlux[], asOf: string): OverdueFlux[] {
  return overdueFlux(flux, asOf).flux;
}

/** The list's sort keys: its columns, and the age of the oldest overdue flux (R-UI-20). */
export const OVERDUE_SORT_KEYS = [
  'structure',
  ...AGEING_BUCKETS,
  'total',
  'resteDu',
  'oldestDaysLate',
  'lastReminder',
] as const;
export type OverdueSortKey = (typeof OVERDUE_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

function compareBy(key: OverdueSortKey): (a: OverdueRow, b: OverdueRow) => number {
  switch (key) {
    case 'structure':
      return (a, b) => collator.compare(a.structure.name, b.structure.name);
    case 'total':
      return (a, b) => a.total - b.total;
    case 'resteDu':
      return (a, b) => a.resteDu - b.resteDu;
    case 'oldestDaysLate':
      return (a, b) => a.oldestDaysLate - b.oldestDaysLate;
    case 'lastReminder':
      // Never reminded first, then by date, then by level.
      return (a, b) =>
        (a.lastReminder?.date ?? '').localeCompare(b.lastReminder?.date ?? '') ||
        (a.lastReminder?.level ?? 0) - (b.lastReminder?.level ?? 0);
    default:
      return (a, b) => a.buckets[key] - b.buckets[key];
  }
}

/** The list sorted on one column; ties keep the structure name order, then the id. */
export function sortOverdueRows(
  rows: readonly OverdueRow[],
  key: OverdueSortKey,
  direction: SortDirection,
): OverdueRow[] {
  const primary = compareBy(key);
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort(
    (a, b) =>
      sign * primary(a, b) || collator.compare(a.structure.name, b.structure.name) || a.structure.id - b.structure.id,
  );
}

export const OVERDUE_LIST_TEXT = {
  title: 'Impayés',
  asOf: (day: string) => `Impayés échus au ${formatIsoDay(day)}`,
  columns: {
    structure: 'Structure',
    code: 'Code fédéral',
    total: 'Total échu',
    resteDu: RECEIVABLE_LABELS.resteDu,
    lastReminder: 'Dernière relance',
    bucket: AGEING_BUCKET_LABELS,
  },
  never: 'Aucune',
  lastReminder: (reminder: ReminderSummary) =>
    `${REMINDER_LEVEL_LABELS[reminder.level]} (niveau ${reminder.level}) du ${formatIsoDay(reminder.date)}`,
} as const;

/** "impayes-<Paris day>.xlsx" */
export function overdueListFileName(asOf: string): string {
  return `impayes-${asOf}.xlsx`;
}

/** The xlsx sheet of the list, in the order shown: amounts in euros for the sheet's € format. */
export function overdueListTable(
  rows: readonly OverdueRow[],
  asOf: string,
): { table: ExportTable; header: string[]; amountColumns: string[] } {
  const c = OVERDUE_LIST_TEXT.columns;
  const bucketColumns = AGEING_BUCKETS.map((bucket) => c.bucket[bucket]);
  const euros = (cents: Cents) => cents / 100;
  return {
    table: {
      columns: [c.structure, c.code, ...bucketColumns, c.total, c.resteDu, c.lastReminder],
      rows: rows.map((row) => [
        row.structure.name,
        row.structure.code,
        ...AGEING_BUCKETS.map((bucket) => euros(row.buckets[bucket])),
        euros(row.total),
        euros(row.resteDu),
        row.lastReminder ? OVERDUE_LIST_TEXT.lastReminder(row.lastReminder) : OVERDUE_LIST_TEXT.never,
      ]),
    },
    header: [OVERDUE_LIST_TEXT.asOf(asOf)],
    amountColumns: [...bucketColumns, c.total, c.resteDu],
  };
}
