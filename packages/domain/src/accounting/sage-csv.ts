import { centsWithComma, toJJMMAA } from './dates';
import type { AccountingEntry } from './entry';

/** The ';' CSV variant of the Sage import: same fields as PNM, a header line, comma decimals. */
export const SAGE_CSV_HEADER =
  'Journal;Date;CompteGeneral;CompteTiers;Reference;Libelle;Debit;Credit;SectionAnalytique\r\n';

function cell(text: string): string {
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function sageCsvLines(entry: AccountingEntry): string {
  return entry.lines
    .map(
      (l) =>
        [
          entry.journal,
          toJJMMAA(entry.date),
          l.account,
          l.auxAccount,
          String(entry.fluxId),
          entry.label,
          l.debitCents ? centsWithComma(l.debitCents) : '',
          l.creditCents ? centsWithComma(l.creditCents) : '',
          l.section ?? '',
        ]
          .map(cell)
          .join(';') + '\r\n',
    )
    .join('');
}
