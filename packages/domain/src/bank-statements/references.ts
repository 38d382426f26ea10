import { parseSepaEndToEndId } from '../sepa/end-to-end-id';
import type { BankStatementEntry } from './bank-statement';

/**
 * What an entry's texts say about our own documents (R-BANK-02, criterion a):
 * - an invoice number `YYYY-FFME-id` (R-FACT-01: the season's end year, then the
 *   flux id), written with or without the dashes, as people type it in a transfer's label;
 * - a flux id after the word 'flux' ('Flux 123456', 'flux n° 123456');
 * - a SEPA EndToEndId `GDF-<batch>-<flux>` of our direct debits;
 * - a batch's MsgId `GDF-SEPA-<batch>` or PmtInfId `GDF-SEPA-<batch>-1`.
 */
export interface EntryReferences {
  /** Invoice numbers: the flux and the season the number names. */
  invoices: { seasonId: number; fluxId: number }[];
  /** Flux named by id after 'flux'. */
  fluxIds: number[];
  /** Our direct debits' EndToEndIds. */
  endToEnd: { batchId: number; fluxId: number }[];
  /** Our SEPA batches (MsgId or PmtInfId). */
  batchIds: number[];
}

const MAX_ID = 2_147_483_647;
const INVOICE = /\b(20\d{2})\s*-?\s*FFME\s*-?\s*(\d{1,10})\b/gi;
const FLUX_ID = /\bflux\s*(?:n\s*[°o.]?\s*)?(\d{1,10})\b/gi;
const END_TO_END = /\bGDF-(\d{1,10})-(\d{1,10})\b/gi;
const BATCH = /\bGDF-SEPA-(\d{1,10})(?:-\d+)?\b/gi;

const validId = (text: string): number | null => {
  const value = Number(text);
  return value >= 1 && value <= MAX_ID ? value : null;
};

const unique = <T>(items: readonly T[], key: (item: T) => string): T[] => [
  ...new Map(items.map((item) => [key(item), item])).values(),
];

export function entryReferences(
  entry: Pick<BankStatementEntry, 'remittanceInfo' | 'label' | 'endToEndIds' | 'batch'>,
): EntryReferences {
  const texts = [...entry.remittanceInfo, entry.label ?? ''];
  // Remittance lines are cut at 140 (camt) or 70 (CFONB) characters: read them joined too.
  const text = `${texts.join(' ')} ${entry.remittanceInfo.join('')}`;
  const invoices: EntryReferences['invoices'] = [];
  for (const match of text.matchAll(INVOICE)) {
    const fluxId = validId(match[2]!);
    if (fluxId !== null) invoices.push({ seasonId: Number(match[1]), fluxId });
  }
  const fluxIds: number[] = [];
  for (const match of text.matchAll(FLUX_ID)) {
    const fluxId = validId(match[1]!);
    if (fluxId !== null) fluxIds.push(fluxId);
  }
  const endToEnd: EntryReferences['endToEnd'] = [];
  for (const id of entry.endToEndIds) {
    const reference = parseSepaEndToEndId(id);
    if (reference) endToEnd.push(reference);
  }
  for (const match of text.matchAll(END_TO_END)) {
    const reference = parseSepaEndToEndId(match[0]);
    if (reference) endToEnd.push(reference);
  }
  const batchIds: number[] = [];
  const batchTexts = [entry.batch?.messageId ?? '', entry.batch?.paymentInformationId ?? '', text].join(' ');
  for (const match of batchTexts.matchAll(BATCH)) {
    const batchId = validId(match[1]!);
    if (batchId !== null) batchIds.push(batchId);
  }
  return {
    invoices: unique(invoices, (item) => `${item.seasonId}-${item.fluxId}`),
    fluxIds: [...new Set(fluxIds)],
    endToEnd: unique(endToEnd, (item) => `${item.batchId}-${item.fluxId}`),
    batchIds: [...new Set(batchIds)],
  };
}

/** Whether the entry names anything of ours (the bench's precision is measured on those). */
export function hasReference(references: EntryReferences): boolean {
  return (
    references.invoices.length + references.fluxIds.length + references.endToEnd.length + references.batchIds.length > 0
  );
}
