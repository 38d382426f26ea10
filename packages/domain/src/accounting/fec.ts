import { neutraliseFormula } from '@gdf/file-formats';
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
 * Accountants open it in spreadsheets too: a field that would start a formula (an account
 * label '=HYPERLINK(...)') gets the spreadsheet guard's apostrophe (R-SEC-16); amounts and
 * dates are plain numbers, left as they are.
 */
const clean = (text: string) => neutraliseFormula(singleLineText(text));

/**
 * The FEC records of one entry. CompteLib and CompAuxLib are the labels the ledger froze
 * for the fiscal year (one label per account); EcritureLet/DateLet on the settled line only.
 */
export function fecLines(entry: AccountingEntry): string {
  const date = toAAAAMMJJ(entry.date);
  const validDate = entry.validDate ? toAAAAMMJJ(entry.validDate) : '';
  return entry.lines
    .map(
      (l) =>
        [
          entry.journal,
          journalLabel(entry.journal),
          entry.number,
          date,
          l.account,
          l.accountLabel,
          l.auxAccount,
          l.auxAccount ? l.auxLabel : '',
          entry.pieceRef,
          toAAAAMMJJ(entry.pieceDate),
          entry.label,
          centsWithComma(l.debitCents),
          centsWithComma(l.creditCents),
          l.lettered && entry.lettering ? entry.lettering.code : '',
          l.lettered && entry.lettering ? toAAAAMMJJ(entry.lettering.date) : '',
          validDate,
          '',
          '',
        ]
          .map(clean)
          .join('\t') + '\r\n',
    )
    .join('');
}

/** {SIREN}FEC{AAAAMMJJ}.txt, dated by the fiscal year's closing date (article A47 A-1). */
export function fecFileName(siren: string, fiscalYearEnd: string): string {
  return `${siren}FEC${toAAAAMMJJ(fiscalYearEnd)}.txt`;
}

/** A fiscal year not validated to its end: the FEC layout, never named as a FEC. */
export function provisionalFecFileName(siren: string, fiscalYearEnd: string): string {
  return `${siren}BROUILLARD${toAAAAMMJJ(fiscalYearEnd)}.txt`;
}
