import { centsToDecimal } from '../money/money';
import { toJJMMAA } from './dates';
import type { AccountingEntry, EntryLine } from './entry';
import { singleLineText } from './file-text';
import { toLatin9Text } from './latin9';

/**
 * Sage 100 "PNM" fixed-width import. Sage publishes no import spec, so the layout is data:
 * an ordered list of fields with their width, which a deployment may replace. The
 * default is 138 characters a line (R-LEDG-03).
 */
export interface PnmField {
  name: string;
  width: number;
  align: 'left' | 'right';
  value: (entry: AccountingEntry, line: EntryLine) => string;
}

export const DEFAULT_PNM_LAYOUT: readonly PnmField[] = [
  { name: 'Journal', width: 3, align: 'left', value: (e) => e.journal },
  { name: 'Date', width: 6, align: 'left', value: (e) => toJJMMAA(e.date) },
  { name: 'TypePiece', width: 2, align: 'left', value: () => 'OD' },
  { name: 'CompteGeneral', width: 13, align: 'left', value: (_e, l) => l.account },
  { name: 'TypeCompte', width: 1, align: 'left', value: (_e, l) => (l.auxAccount ? 'X' : 'G') },
  { name: 'CompteTiers', width: 13, align: 'left', value: (_e, l) => l.auxAccount },
  // The piece reference of every accounting file (fluxPieceRef: the invoice number; an opening
  // entry's 'AN-2026-2027'), 17 characters as Sage 100 holds a piece reference; the amount
  // keeps 16 (up to 9 999 999 999 999.99), so a line stays 138 characters.
  { name: 'Reference', width: 17, align: 'left', value: (e) => e.pieceRef },
  { name: 'Libelle', width: 35, align: 'left', value: (e) => e.label },
  { name: 'ModeReglement', width: 1, align: 'left', value: () => '' },
  { name: 'Echeance', width: 6, align: 'left', value: () => '' },
  { name: 'Sens', width: 1, align: 'left', value: (_e, l) => (l.debitCents > 0 ? 'D' : 'C') },
  { name: 'Montant', width: 16, align: 'right', value: (_e, l) => centsToDecimal(l.debitCents || l.creditCents) },
  { name: 'TypeEcriture', width: 1, align: 'left', value: () => 'N' },
  // The entry's sequence in its journal once validated; the flux id while provisional.
  { name: 'NumeroPiece', width: 7, align: 'right', value: (e) => String((e.sequence ?? e.fluxId ?? 0) % 10_000_000) },
  { name: 'SectionAnalytique', width: 13, align: 'left', value: (_e, l) => l.section ?? '' },
  { name: 'Devise', width: 3, align: 'left', value: () => 'EUR' },
];

export const layoutWidth = (layout: readonly PnmField[]) => layout.reduce((sum, f) => sum + f.width, 0);

const PLAIN_ASCII = /^[\x20-\x7e]*$/;

function fit(text: string, field: PnmField): string {
  // No line breaks inside a record, nothing Latin-9 cannot hold (one byte per character);
  // truncate to the width so the columns never shift. Most values are plain ASCII: fast path.
  const clean = PLAIN_ASCII.test(text) ? text : toLatin9Text(singleLineText(text));
  const cut = clean.length > field.width ? clean.slice(0, field.width) : clean;
  return field.align === 'right' ? cut.padStart(field.width) : cut.padEnd(field.width);
}

/** The PNM lines of one entry, each exactly layoutWidth characters, CRLF-terminated. */
export function pnmLines(entry: AccountingEntry, layout: readonly PnmField[] = DEFAULT_PNM_LAYOUT): string {
  return entry.lines.map((line) => `${layout.map((f) => fit(f.value(entry, line), f)).join('')}\r\n`).join('');
}

/** The Libelle width of a layout (the CSV caps its labels the same way). */
export const layoutLabelWidth = (layout: readonly PnmField[]) => layout.find((f) => f.name === 'Libelle')?.width ?? 35;
