/**
 * What the relevé de reversements PDF and xlsx show (R-PAY-09), worded in French and formatted
 * once here so both files say the same thing.
 */
import type { ExportTable } from '@gdf/file-formats';
import { formatDocumentAmount, formatIsoDay } from '../documents/document-format';
import { parisDayStart } from '../flux/paris-day';
import type { PayoutStatement, PayoutStatementLine } from './payout-statement';
import type { ShareLevel } from './shares';

export const PAYOUT_STATEMENT_TITLE = 'Relevé de reversements';

export const PAYOUT_STATEMENT_TEXT = {
  period: (from: string, to: string) => `Période du ${formatIsoDay(from)} au ${formatIsoDay(to)}`,
  issued: (number: string, day: string) => `N° ${number}, émis le ${formatIsoDay(day)}`,
  level: (level: ShareLevel) =>
    `Quotes-parts ${level === 'ligue' ? 'de la ligue' : 'du comité'} sur les sommes payées par ses clubs, et virements reçus de la fédération`,
  opening: 'Solde dû initial',
  closing: 'Solde dû final',
  totals: 'Total des mouvements',
  columns: {
    date: 'Date',
    reference: 'Référence',
    club: 'Club',
    category: 'Catégorie',
    earned: 'Acquis',
    received: 'Reçu',
    balance: 'Solde dû',
  },
  earned: 'Quote-part acquise',
  reversed: 'Quote-part annulée',
  transfer: 'Virement reçu',
  transferReference: (fileName: string, endToEndId: string) => `${fileName} / ${endToEndId}`,
  balanceNote:
    'Solde dû : ce que la fédération doit à la structure (quotes-parts acquises moins virements reçus). Une quote-part annulée (retour de prélèvement, rapprochement défait, avoir) figure en négatif ; un virement est daté de son jour d’exécution, et un fichier annulé n’en compte aucun.',
  totalEarned: 'Quotes-parts acquises',
  totalReversed: 'Quotes-parts annulées',
  totalReceived: 'Virements reçus',
} as const;

/** "releve-de-reversements-<structure>-<du>-<au>-<numero>.pdf" (or .xlsx). */
export function payoutStatementFileName(
  number: string,
  structureId: number,
  from: string,
  to: string,
  extension: 'pdf' | 'xlsx',
): string {
  return `releve-de-reversements-${structureId}-${from}-${to}-${number}.${extension}`;
}

const c = PAYOUT_STATEMENT_TEXT.columns;
/** The columns of both files, in order. */
export const PAYOUT_STATEMENT_COLUMNS = [
  c.date,
  c.reference,
  c.club,
  c.category,
  c.earned,
  c.received,
  c.balance,
] as const;

/** A line's reference, club and category cells; its amount as earned (a share) or received (a transfer). */
function lineCells(line: PayoutStatementLine) {
  const text = PAYOUT_STATEMENT_TEXT;
  if (line.kind === 'versement')
    return {
      reference: text.transferReference(line.fileName, line.endToEndId),
      club: text.transfer,
      category: '',
      earned: null,
      received: line.amountCents,
    };
  return {
    reference: line.reference,
    club: line.club,
    category: line.category,
    earned: line.shareCents,
    received: null,
  };
}

/** How a file writes a cell: a day, an amount (null: none), and a cell left empty. */
interface CellWriter<Cell> {
  day: (isoDay: string) => Cell;
  amount: (cents: number | null) => Cell;
  empty: Cell;
}

/** Opening, one row per movement or transfer, closing: the same rows in both files. */
function statementRows<Cell>(statement: PayoutStatement, write: CellWriter<Cell>): Array<Array<Cell | string>> {
  const text = PAYOUT_STATEMENT_TEXT;
  const { empty } = write;
  const bound = (day: string, label: string, cents: number) => [
    write.day(day),
    label,
    empty,
    empty,
    empty,
    empty,
    write.amount(cents),
  ];
  return [
    bound(statement.period.from, text.opening, statement.openingBalance),
    ...statement.lines.map((line) => {
      const cells = lineCells(line);
      return [
        write.day(line.day),
        cells.reference,
        cells.club,
        cells.category,
        write.amount(cells.earned),
        write.amount(cells.received),
        write.amount(line.balance),
      ];
    }),
    bound(statement.period.to, text.closing, statement.closingBalance),
  ];
}

/** The PDF's text rows: the statement's rows, and the totals before the closing balance. */
export function payoutStatementRows(statement: PayoutStatement): string[][] {
  const rows = statementRows<string>(statement, {
    day: formatIsoDay,
    amount: (cents) => (cents === null ? '' : formatDocumentAmount(cents)),
    empty: '',
  });
  const totals = [
    '',
    PAYOUT_STATEMENT_TEXT.totals,
    '',
    '',
    formatDocumentAmount(statement.totalEarned - statement.totalReversed),
    formatDocumentAmount(statement.totalReceived),
    '',
  ];
  return [...rows.slice(0, -1), totals, ...rows.slice(-1)];
}

/** The summary lines under the table: earned, reversed, received. */
export function payoutStatementSummary(statement: PayoutStatement): string[] {
  const text = PAYOUT_STATEMENT_TEXT;
  return [
    `${text.totalEarned} : ${formatDocumentAmount(statement.totalEarned)}`,
    `${text.totalReversed} : ${formatDocumentAmount(statement.totalReversed)}`,
    `${text.totalReceived} : ${formatDocumentAmount(statement.totalReceived)}`,
  ];
}

/**
 * The xlsx sheet (R-EXP-01): amounts as numbers in euros for the sheet's € format, days as
 * date cells; header lines name the structure, the period and the number, footer lines the totals.
 */
export function payoutStatementTable(
  statement: PayoutStatement,
  structureName: string,
  issued: { number: string; day: string },
): { table: ExportTable; header: string[]; footer: string[]; amountColumns: string[]; dayColumns: string[] } {
  const text = PAYOUT_STATEMENT_TEXT;
  // R-EXP-01: real date cells, the Paris day (the writer's dayColumns format them JJ/MM/AAAA).
  const rows = statementRows<Date | number | null>(statement, {
    day: (isoDay) => new Date(parisDayStart(isoDay)),
    amount: (cents) => (cents === null ? null : cents / 100),
    empty: null,
  });
  return {
    table: { columns: [...PAYOUT_STATEMENT_COLUMNS], rows },
    header: [
      `${PAYOUT_STATEMENT_TITLE} — ${structureName}`,
      text.period(statement.period.from, statement.period.to),
      text.issued(issued.number, issued.day),
    ],
    footer: [text.balanceNote, ...payoutStatementSummary(statement)],
    amountColumns: [c.earned, c.received, c.balance],
    dayColumns: [c.date],
  };
}
