import { centsWithComma, journalLabel, toAAAAMMJJ } from './dates';
import type { AccountingEntry } from './entry';
import { singleLineText } from './file-text';

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

/**
 * Tabs, line breaks and other control characters would shift columns or split a record:
 * replaced by spaces. The delimited FEC has no field width (article A47 A-1), so no cut.
 */
const clean = singleLineText;

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
