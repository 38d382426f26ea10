import { centsWithComma, journalLabel, toAAAAMMJJ } from './dates';
import type { AccountingEntry } from './entry';

/** The 18 FEC fields, in the order of article A47 A-1 of the Livre des procédures fiscales. */
export const FEC_COLUMNS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;

export const FEC_HEADER = `${FEC_COLUMNS.join('\t')}\r\n`;

/** Tabs and line breaks would shift columns: replaced by spaces. */
const clean = (text: string) => text.replace(/[\t\r\n]/g, ' ');

export function fecLines(entry: AccountingEntry): string {
  const date = toAAAAMMJJ(entry.date);
  return entry.lines
    .map(
      (l) =>
        [
          entry.journal,
          journalLabel(entry.journal),
          `${entry.journal}${entry.fluxId}`,
          date,
          l.account,
          l.accountLabel,
          l.auxAccount,
          l.auxLabel,
          String(entry.fluxId),
          date,
          entry.label,
          centsWithComma(l.debitCents),
          centsWithComma(l.creditCents),
          '',
          '',
          date,
          '',
          '',
        ]
          .map(clean)
          .join('\t') + '\r\n',
    )
    .join('');
}

/** {SIREN}FEC{AAAAMMJJ}.txt, dated by the end of the period. */
export function fecFileName(siren: string, periodEnd: string): string {
  return `${siren}FEC${toAAAAMMJJ(periodEnd)}.txt`;
}
