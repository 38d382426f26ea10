import { fluxNumbersInText } from '../flux/flux-number';
import { parseSepaEndToEndId } from '../sepa/end-to-end-id';
import type { BankStatementEntry } from './bank-statement';
import { normalizedWords } from './payer-names';

/**
 * What an entry's texts say about our own documents (R-BANK-02, criterion a):
 * - an invoice number `YYYY-FFME-id` (R-FACT-01: the season's end year, then the
 *   flux id), written with or without the dashes, as people type it in a transfer's label,
 *   read by the one flux-number reader (R-SEARCH-23), the season kept;
 * - a flux id after the word 'flux' ('Flux 123456', 'flux n° 123456');
 * - a SEPA EndToEndId `GDF-<batch>-<flux>` of our direct debits;
 * - a batch's MsgId `GDF-SEPA-<batch>` or PmtInfId `GDF-SEPA-<batch>-1`;
 * - a licence number after 'licence' or 'lic' ('LICENCE 123456', 'lic n° 123456', R-BANK-09);
 * - the words of the texts and of the payer's name, normalised (R-BANK-09), where a
 *   licensee's name is looked for.
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
  /** Licence numbers quoted after 'licence' or 'lic'. */
  licences: number[];
  /** The normalised words of the remittance lines, the label and the payer's name. */
  words: string[];
}

const MAX_ID = 2_147_483_647;
const FLUX_ID = /\bflux\s*(?:n\s*[°o.]?\s*)?(\d{1,10})\b/gi;
const END_TO_END = /\bGDF-(\d{1,10})-(\d{1,10})\b/gi;
const BATCH = /\bGDF-SEPA-(\d{1,10})(?:-\d+)?\b/gi;
const LICENCE = /\blic(?:ence)?s?\b\.?\s*(?:n\s*[°o.]?\s*)?(\d{4,10})\b/gi;

const validId = (text: string): number | null => {
  const value = Number(text);
  return value >= 1 && value <= MAX_ID ? value : null;
};

const unique = <T>(items: readonly T[], key: (item: T) => string): T[] => [
  ...new Map(items.map((item) => [key(item), item])).values(),
];

/** The valid ids captured by `pattern`'s first group in `text`, in order. */
function idsIn(text: string, pattern: RegExp): number[] {
  const ids: number[] = [];
  for (const match of text.matchAll(pattern)) {
    const id = validId(match[1]!);
    if (id !== null) ids.push(id);
  }
  return ids;
}

/** Our EndToEndIds: those the bank gave for the entry, then those quoted in its texts. */
function endToEndIds(entryIds: readonly string[], text: string): EntryReferences['endToEnd'] {
  const endToEnd: EntryReferences['endToEnd'] = [];
  const quoted = [...text.matchAll(END_TO_END)].map((match) => match[0]);
  for (const id of [...entryIds, ...quoted]) {
    const reference = parseSepaEndToEndId(id);
    if (reference) endToEnd.push(reference);
  }
  return endToEnd;
}

export function entryReferences(
  entry: Pick<BankStatementEntry, 'remittanceInfo' | 'label' | 'endToEndIds' | 'batch'> &
    Partial<Pick<BankStatementEntry, 'debtorName'>>,
): EntryReferences {
  const texts = [...entry.remittanceInfo, entry.label ?? ''];
  // Remittance lines are cut at 140 (camt) or 70 (CFONB) characters: read them joined too.
  const text = `${texts.join(' ')} ${entry.remittanceInfo.join('')}`;
  const invoices: EntryReferences['invoices'] = [];
  for (const number of fluxNumbersInText(text))
    if (number.seasonId !== null) invoices.push({ seasonId: number.seasonId, fluxId: number.fluxId });
  const batchTexts = [entry.batch?.messageId ?? '', entry.batch?.paymentInformationId ?? '', text].join(' ');
  return {
    invoices: unique(invoices, (item) => `${item.seasonId}-${item.fluxId}`),
    fluxIds: [...new Set(idsIn(text, FLUX_ID))],
    endToEnd: unique(endToEndIds(entry.endToEndIds, text), (item) => `${item.batchId}-${item.fluxId}`),
    batchIds: [...new Set(idsIn(batchTexts, BATCH))],
    licences: [...new Set(idsIn(text, LICENCE))],
    words: [...new Set(normalizedWords(`${texts.join(' ')} ${entry.debtorName ?? ''}`))],
  };
}

/** Whether the entry names anything of ours (the bench's precision is measured on those). */
export function hasReference(references: EntryReferences): boolean {
  return (
    references.invoices.length + references.fluxIds.length + references.endToEnd.length + references.batchIds.length > 0
  );
}
