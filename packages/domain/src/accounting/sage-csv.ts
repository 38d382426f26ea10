import { neutraliseFormula } from '@gdf/file-formats';
import { centsWithComma } from './dates';
import type { AccountingEntry } from './entry';
import { singleLineText } from './file-text';

/** The ';' CSV variant of the Sage import: same fields as PNM, a header line, comma decimals. */
export const SAGE_CSV_HEADER =
  'Journal;Date;CompteGeneral;CompteTiers;Reference;Libelle;Debit;Credit;SectionAnalytique;NumeroEcriture\r\n';

/**
 * Sage 100 holds 35 characters of an entry's label (the PNM layout's Libelle width), 69 in
 * its extended label: the CSV follows the PNM layout's width, 69 at most (R-LEDG-03).
 */
export const SAGE_CSV_LABEL_WIDTH = 35;
export const SAGE_CSV_MAX_LABEL_WIDTH = 69;

/** 'YYYY-MM-DD' -> 'JJ/MM/AAAA': four-digit years, as a spreadsheet reads a French date. */
const csvDate = (isoDate: string) => `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`;

function cell(text: string): string {
  return /[;"]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A text cell: one line, then neutralised against formulas by the browser exports' rule
 * (a leading = + - @ gets an apostrophe), since this file is opened in spreadsheets too.
 * Amounts are written as they are: they are numbers, never formulas.
 */
function textCell(text: string, width = Infinity): string {
  return cell(neutraliseFormula(singleLineText(text)).slice(0, width));
}

export function sageCsvLines(entry: AccountingEntry, labelWidth = SAGE_CSV_LABEL_WIDTH): string {
  const width = Math.min(labelWidth, SAGE_CSV_MAX_LABEL_WIDTH);
  return entry.lines
    .map(
      (l) =>
        [
          textCell(entry.journal),
          csvDate(entry.date),
          textCell(l.account),
          textCell(l.auxAccount),
          textCell(entry.pieceRef),
          textCell(entry.label, width),
          l.debitCents ? centsWithComma(l.debitCents) : '',
          l.creditCents ? centsWithComma(l.creditCents) : '',
          textCell(l.section ?? ''),
          textCell(entry.number),
        ].join(';') + '\r\n',
    )
    .join('');
}
