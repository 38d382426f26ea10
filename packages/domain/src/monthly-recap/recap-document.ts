/**
 * What the 'Récapitulatif mensuel' PDF and xlsx show (R-RECAP-04), worded in French and
 * formatted once here so both files say the same thing.
 */
import { formatDocumentAmount, formatIsoDay } from '../documents/document-format';
import type { Cents } from '../money/money';
import { RECEIVABLE_LABELS } from '../receivables/reste-du';
import { AGEING_BUCKETS, AGEING_BUCKET_LABELS } from '../account-statement/account-statement';
import { frenchMonth } from './recap-month';
import type { MonthlyRecap, RecapCategoryFigures, RecapFigures } from './monthly-recap';

export const RECAP_TITLE = 'Récapitulatif mensuel';

export const RECAP_TEXT = {
  month: (month: string) => `Mois : ${frenchMonth(month)}`,
  issued: (number: string, day: string) => `N° ${number}, émis le ${formatIsoDay(day)}`,
  compared: (previous: string) => `Comparé à ${frenchMonth(previous)} (même mois de la saison précédente)`,
  federation: 'Fédération : toutes ses structures membres',
  columns: {
    category: 'Catégorie',
    billed: RECEIVABLE_LABELS.totalBilled,
    settled: RECEIVABLE_LABELS.totalSettled,
    rejected: 'Rejetés',
    relaunched: 'Relancés',
    avoirs: 'Avoirs',
    resteDu: 'Reste dû fin de mois',
  },
  total: 'Total',
  previousTotal: (previous: string) => `Total ${frenchMonth(previous)}`,
  ageing: 'Reste dû échu par ancienneté en fin de mois',
  overdueTotal: 'Total échu',
  sharesEarned: 'Quotes-parts acquises',
  sharesPaidOut: 'Quotes-parts reversées',
  note: 'Reste dû : positif, dû par la structure ; négatif, en sa faveur. Le total est le solde du relevé de compte au dernier jour du mois. Rejetés et relancés : nombre et montant des prélèvements rejetés ou relancés dans le mois.',
} as const;

const c = RECAP_TEXT.columns;
/** The columns of both files, in order. */
export const RECAP_COLUMNS = [c.category, c.billed, c.settled, c.rejected, c.relaunched, c.avoirs, c.resteDu];

/** Writes a row's money and counts either as text (PDF) or as cells (xlsx). */
interface CellWriter<Cell> {
  amount: (cents: Cents) => Cell;
  counted: (count: number, cents: Cents) => Cell;
}

function figuresRow<Cell>(label: string, figures: RecapCategoryFigures, write: CellWriter<Cell>): Array<string | Cell> {
  return [
    label,
    write.amount(figures.billed),
    write.amount(figures.settled),
    write.counted(figures.rejected.count, figures.rejected.amount),
    write.counted(figures.relaunched.count, figures.relaunched.amount),
    write.amount(figures.avoirs),
    write.amount(figures.resteDu),
  ];
}

function recapRows<Cell>(recap: MonthlyRecap, write: CellWriter<Cell>): Array<Array<string | Cell>> {
  const rows = recap.current.byCategory.map((figures) => figuresRow(figures.category ?? '', figures, write));
  return [
    ...rows,
    figuresRow(RECAP_TEXT.total, recap.current.total, write),
    figuresRow(RECAP_TEXT.previousTotal(recap.previousMonth), recap.previous.total, write),
  ];
}

const textWriter: CellWriter<string> = {
  amount: formatDocumentAmount,
  counted: (count, cents) => (count === 0 ? '' : `${count} — ${formatDocumentAmount(cents)}`),
};

/** The PDF's table rows. */
export function recapRowsText(recap: MonthlyRecap): string[][] {
  return recapRows(recap, textWriter);
}

function ageingLines(figures: RecapFigures): string[] {
  return [
    ...AGEING_BUCKETS.map(
      (bucket) =>
        `${AGEING_BUCKET_LABELS[bucket]} : ${figures.ageing[bucket].count} — ${formatDocumentAmount(figures.ageing[bucket].amount)}`,
    ),
    `${RECAP_TEXT.overdueTotal} : ${formatDocumentAmount(figures.overdueTotal)}`,
  ];
}

/** The lines under the table: the ageing, then the shares of a ligue or comité, this month and the compared one. */
export function recapSummaryLines(recap: MonthlyRecap): string[] {
  const lines = [RECAP_TEXT.ageing, ...ageingLines(recap.current)];
  if (recap.shares) {
    const { current, previous } = recap.shares;
    const amounts = (a: Cents, b: Cents) =>
      `${formatDocumentAmount(a)} (${formatDocumentAmount(b)} en ${frenchMonth(recap.previousMonth)})`;
    lines.push(`${RECAP_TEXT.sharesEarned} : ${amounts(current.earned, previous.earned)}`);
    lines.push(`${RECAP_TEXT.sharesPaidOut} : ${amounts(current.paidOut, previous.paidOut)}`);
  }
  return lines;
}

/** The head lines both files print under the title. */
export function recapSubtitles(recap: MonthlyRecap, issued: { number: string; day: string }, federation: boolean) {
  return [
    RECAP_TEXT.month(recap.month),
    RECAP_TEXT.issued(issued.number, issued.day),
    RECAP_TEXT.compared(recap.previousMonth),
    ...(federation ? [RECAP_TEXT.federation] : []),
  ];
}

/**
 * The xlsx sheet (R-EXP-01): amounts as numbers in euros for the sheet's € format, counts in
 * their own words; header lines name the structure, the month and the number, footer lines
 * the ageing and the shares.
 */
export function recapTable(recap: MonthlyRecap, structureName: string, subtitles: string[]) {
  const rows = recapRows<number | string | null>(recap, {
    amount: (cents) => cents / 100,
    counted: (count, cents) => (count === 0 ? null : `${count} — ${formatDocumentAmount(cents)}`),
  });
  return {
    table: { columns: [...RECAP_COLUMNS], rows },
    header: [`${RECAP_TITLE} — ${structureName}`, ...subtitles],
    footer: [RECAP_TEXT.note, ...recapSummaryLines(recap)],
    amountColumns: [c.billed, c.settled, c.avoirs, c.resteDu],
    dayColumns: [] as string[],
  };
}
