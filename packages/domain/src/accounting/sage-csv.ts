import { neutraliseFormula } from '../export/cells';
import { centsWithComma, toJJMMAA } from './dates';
import type { AccountingEntry } from './entry';
import { singleLineText } from './file-text';

/** The ';' CSV variant of the Sage import: same fields as PNM, a header line, comma decimals. */
export const SAGE_CSV_HEADER =
  'Journal;Date;CompteGeneral;CompteTiers;Reference;Libelle;Debit;Credit;SectionAnalytique\r\n';

/** Sage 100 holds 35 characters of an entry's label: the PNM layout's Libelle width. */
export const SAGE_CSV_LABEL_WIDTH = 35;

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

export function sageCsvLines(entry: AccountingEntry): string {
  return entry.lines
    .map(
      (l) =>
        [
          textCell(entry.journal),
          toJJMMAA(entry.date),
          textCell(l.account),
          textCell(l.auxAccount),
          String(entry.fluxId),
          textCell(entry.label, SAGE_CSV_LABEL_WIDTH),
          l.debitCents ? centsWithComma(l.debitCents) : '',
          l.creditCents ? centsWithComma(l.creditCents) : '',
          textCell(l.section ?? ''),
        ].join(';') + '\r\n',
    )
    .join('');
}
