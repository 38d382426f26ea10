/**
 * What the relevé de compte PDF and xlsx show, worded in French and formatted once here so
 * both files say the same thing.
 */
import { formatDocumentAmount, formatIsoDay } from '../documents/document-format';
import type { ExportTable } from '@gdf/file-formats';
import { FLUX_PAYMENT_STATUS_LABELS } from '../flux/payment-status';
import { parisDayStart } from '../flux/paris-day';
import { RECEIVABLE_LABELS } from '../receivables/reste-du';
import {
  AGEING_BUCKETS,
  AGEING_BUCKET_LABELS,
  type AccountStatement,
  type AccountStatementLine,
} from './account-statement';

export const ACCOUNT_STATEMENT_TITLE = 'Relevé de compte';

export const ACCOUNT_STATEMENT_TEXT = {
  period: (from: string, to: string) => `Période du ${formatIsoDay(from)} au ${formatIsoDay(to)}`,
  asOf: (day: string) => `Impayés au ${formatIsoDay(day)}`,
  issued: (number: string, day: string) => `N° ${number}, émis le ${formatIsoDay(day)}`,
  opening: 'Solde initial',
  closing: RECEIVABLE_LABELS.statementBalance,
  totals: 'Total des mouvements',
  columns: { date: 'Date', number: 'N°', label: 'Libellé', debit: 'Débit', credit: 'Crédit', balance: 'Solde' },
  balanceNote:
    'Solde positif : montant dû par la structure ; négatif : en sa faveur. Un flux réglé est soldé par son règlement (un règlement partiel figure au jour de son écriture bancaire), un prélèvement relancé par le flux qui le relance ; un règlement sans date enregistrée figure au jour du flux.',
  settlementOfDebit: (label: string) => `Règlement : ${label}`,
  settlementOfCredit: (label: string) => `Versement : ${label}`,
  replacement: (label: string, replacedBy: number | undefined) =>
    `Prélèvement relancé (flux N° ${replacedBy ?? '?'}) : ${label}`,
  overdue: 'Impayés échus par ancienneté',
  overdueColumns: { dueDate: 'Échéance', daysLate: 'Retard (j)', status: 'Statut', amount: 'Montant' },
  overdueTotal: 'Total échu',
  noOverdue: 'Aucun impayé échu.',
  rejected: 'Prélèvements rejetés',
  rejectedColumns: { returnDate: 'Rejeté le', reason: 'Motif' },
  noRejected: 'Aucun prélèvement rejeté en attente.',
  rejectType: { rejet: 'Rejet', retour: 'Retour' },
} as const;

/** "releve-de-compte-<structure>-<du>-<au>.pdf" (or .xlsx). */
export function accountStatementFileName(structureId: number, from: string, to: string, extension: 'pdf' | 'xlsx') {
  return `releve-de-compte-${structureId}-${from}-${to}.${extension}`;
}

/** An issued statement's files: the period's name, then its number. */
export function issuedAccountStatementFileName(
  number: string,
  structureId: number,
  from: string,
  to: string,
  extension: 'pdf' | 'xlsx',
) {
  return accountStatementFileName(structureId, from, to, extension).replace(/\.(pdf|xlsx)$/, `-${number}.$1`);
}

/** The xlsx sheet's column labels, in order (the writer's own list: accountStatementTable). */
export const ACCOUNT_STATEMENT_XLSX_COLUMNS = [
  ACCOUNT_STATEMENT_TEXT.columns.date,
  ACCOUNT_STATEMENT_TEXT.columns.number,
  ACCOUNT_STATEMENT_TEXT.columns.label,
  ACCOUNT_STATEMENT_TEXT.columns.debit,
  ACCOUNT_STATEMENT_TEXT.columns.credit,
  ACCOUNT_STATEMENT_TEXT.columns.balance,
] as const;

const amountOrEmpty = (cents: number | null) => (cents === null ? '' : formatDocumentAmount(cents));

/** A line's label: the flux's own, or worded as its settlement or its replacement by a relaunch. */
export function accountStatementLineLabel(line: AccountStatementLine): string {
  const text = ACCOUNT_STATEMENT_TEXT;
  if (line.kind === 'flux') return line.label;
  if (line.kind === 'remplacement') return text.replacement(line.label, line.replacedBy);
  // Settling a debit credits the account; paying out a credit debits it.
  return line.credit !== null ? text.settlementOfDebit(line.label) : text.settlementOfCredit(line.label);
}

/** The movements table as text rows: opening, one row per flux, closing. */
export function accountStatementRows(statement: AccountStatement): string[][] {
  const text = ACCOUNT_STATEMENT_TEXT;
  return [
    [formatIsoDay(statement.period.from), '', text.opening, '', '', formatDocumentAmount(statement.openingBalance)],
    ...statement.lines.map((line) => [
      formatIsoDay(line.date),
      String(line.fluxId),
      accountStatementLineLabel(line),
      amountOrEmpty(line.debit),
      amountOrEmpty(line.credit),
      formatDocumentAmount(line.balance),
    ]),
    ['', '', text.totals, formatDocumentAmount(statement.totalDebit), formatDocumentAmount(statement.totalCredit), ''],
    [formatIsoDay(statement.period.to), '', text.closing, '', '', formatDocumentAmount(statement.closingBalance)],
  ];
}

/** Ageing summary rows: bucket label, count, amount. */
export function ageingRows(statement: AccountStatement): string[][] {
  return AGEING_BUCKETS.map((bucket) => [
    AGEING_BUCKET_LABELS[bucket],
    String(statement.overdue.buckets[bucket].count),
    formatDocumentAmount(statement.overdue.buckets[bucket].amount),
  ]);
}

export function overdueRows(statement: AccountStatement): string[][] {
  return statement.overdue.flux.map((item) => [
    String(item.fluxId),
    item.label,
    formatIsoDay(item.dueDate),
    String(item.daysLate),
    FLUX_PAYMENT_STATUS_LABELS[item.status],
    formatDocumentAmount(item.amount),
  ]);
}

export function rejectedRows(statement: AccountStatement): string[][] {
  return statement.rejected.map((item) => [
    String(item.fluxId),
    item.label,
    formatIsoDay(item.returnDate),
    `${ACCOUNT_STATEMENT_TEXT.rejectType[item.returnType]} — ${item.reason}`,
    formatDocumentAmount(item.amount),
  ]);
}

/**
 * The xlsx sheet: the movements as numbers (amounts in euros, for the sheet's € format, days
 * as date cells),
 * opening and closing as rows; header lines name the structure and the period, footer
 * lines give the overdue summary and the rejected debits.
 */
export function accountStatementTable(
  statement: AccountStatement,
  structureName: string,
  issued?: { number: string; day: string },
): { table: ExportTable; header: string[]; footer: string[]; amountColumns: string[]; dayColumns: string[] } {
  const text = ACCOUNT_STATEMENT_TEXT;
  const c = text.columns;
  const euros = (cents: number | null) => (cents === null ? null : cents / 100);
  // R-EXP-01: real date cells, the Paris day (the writer's dayColumns format them JJ/MM/AAAA).
  const day = (isoDate: string) => new Date(parisDayStart(isoDate));
  const rows = [
    [day(statement.period.from), null, text.opening, null, null, euros(statement.openingBalance)],
    ...statement.lines.map((line) => [
      day(line.date),
      line.fluxId,
      accountStatementLineLabel(line),
      euros(line.debit),
      euros(line.credit),
      euros(line.balance),
    ]),
    [null, null, text.totals, euros(statement.totalDebit), euros(statement.totalCredit), null],
    [day(statement.period.to), null, text.closing, null, null, euros(statement.closingBalance)],
  ];
  const footer = [
    text.balanceNote,
    `${text.asOf(statement.asOf)} — ${text.overdue}`,
    ...ageingRows(statement).map(([label, count, amount]) => `${label} : ${count} flux, ${amount}`),
    `${text.overdueTotal} : ${formatDocumentAmount(statement.overdue.total)}`,
    `${text.rejected} :`,
    ...(statement.rejected.length === 0
      ? [text.noRejected]
      : rejectedRows(statement).map((row) => `N° ${row[0]} ${row[1]}, ${row[2]}, ${row[3]}, ${row[4]}`)),
  ];
  return {
    table: { columns: [...ACCOUNT_STATEMENT_XLSX_COLUMNS], rows },
    header: [
      `${ACCOUNT_STATEMENT_TITLE} — ${structureName}`,
      text.period(statement.period.from, statement.period.to),
      ...(issued ? [text.issued(issued.number, issued.day)] : []),
    ],
    footer,
    amountColumns: [c.debit, c.credit, c.balance],
    dayColumns: [c.date],
  };
}
