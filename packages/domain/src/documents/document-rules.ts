/**
 * Business rules of the invoice (facture) and operation statement (relevé d'opération):
 * R-FACT-01 to R-FACT-07, R-DOC-04, R-DOC-05. Pure, so every rule is unit-tested here
 * and the server only loads data and draws. The legal mentions (R-FACT-08 to R-FACT-11) are in
 * invoice-mentions.ts, the wording in document-messages.ts.
 */
import { FluxCategory } from '../flux/categories';
import { parisIsoDate } from './document-format';
import { DOCUMENT_TEXT } from './document-messages';
import type { InvoiceKind } from './invoice-mentions';

/** R-FLUX-03: category 4 is an invoice payable by bank transfer. */
export const CATEGORY_FACTURE = FluxCategory.Facture;
/** R-FLUX-03: category 5 is a SEPA direct debit (no payment-terms block). */
export const CATEGORY_PRELEVEMENT = FluxCategory.Prelevement;

export type FluxDocumentKind = 'facture' | 'releve';

/** R-FACT-01: season end year, then '-FFME-', then the flux id (season id = end year). */
export function invoiceNumber(seasonId: number, fluxId: number): string {
  return `${seasonId}-FFME-${fluxId}`;
}

/** R-FLUX-04: a flux whose name contains 'Affiliation', in any case, was paid by card. */
export function isAffiliationFlux(fluxName: string): boolean {
  return /affiliation/i.test(fluxName);
}

export type InvoiceTitle = 'FACTURE' | 'AVOIR' | 'AVIS DE PRÉLÈVEMENT';

/** R-FACT-06: a credit flux is an 'AVOIR'; R-FACT-07: a relaunch an 'AVIS DE PRÉLÈVEMENT'. */
export function invoiceTitle(kind: InvoiceKind): InvoiceTitle {
  return DOCUMENT_TEXT.titles[kind];
}

export interface InvoiceBlocks {
  /** Due date and bank transfer to the head office. */
  paymentTerms: boolean;
  /** Whom the buyer block shows: the structure's address or its correspondent's contact. */
  buyer: 'address' | 'correspondent';
}

/**
 * R-FACT-04: category 4 allows the payment-terms block, category 5 (and
 * every other category) does not; an Affiliation flux never has it and shows
 * the correspondent's contact in place of the address. R-FACT-11 (no document contradicts
 * itself): the block asks the buyer to pay, so an avoir and a debit already settled never
 * show it. 'Facture acquittée par carte bancaire' is a settlement statement
 * (invoice-mentions.ts).
 */
export function invoiceBlocks(flux: {
  name: string;
  categoryId: number;
  isDebit: boolean;
  settled: boolean;
}): InvoiceBlocks {
  const affiliation = isAffiliationFlux(flux.name);
  return {
    paymentTerms: !affiliation && flux.isDebit && !flux.settled && flux.categoryId === CATEGORY_FACTURE,
    buyer: affiliation ? 'correspondent' : 'address',
  };
}

/** R-DOC-05: the file name holds the flux id and its creation day in Paris. */
export function fluxDocumentFileName(
  kind: FluxDocumentKind | 'avis-prelevement',
  fluxId: number,
  createdAt: Date,
): string {
  return `${kind}-${fluxId}-${parisIsoDate(createdAt)}.pdf`;
}

/** Text as it may stand in a file name on every system: letters, digits and '-'. */
const fileNamePart = (text: string) => text.replace(/[^0-9A-Za-z-]+/g, '-');

/**
 * R-DOC-05: the one name of a flux's document wherever it is downloaded, alone or inside a
 * pack: its issued name (kind, flux id, creation day in Paris: `facture-123456-2024-03-01.pdf`)
 * then, for a facture or an avoir, its invoice number (`facture-123456-2024-03-01-2024-FFME-123456.pdf`;
 * the Factur-X XML alike). An avis de prélèvement and a relevé d'opération print no invoice
 * number of their own: they keep their issued name.
 */
export function documentFileName(issuedFileName: string, flux: { id: number; seasonId: number }): string {
  if (!issuedFileName.startsWith('facture-')) return issuedFileName;
  const dot = issuedFileName.lastIndexOf('.');
  const stem = dot < 0 ? issuedFileName : issuedFileName.slice(0, dot);
  const extension = dot < 0 ? '' : issuedFileName.slice(dot);
  const number = fileNamePart(invoiceNumber(flux.seasonId, flux.id));
  return stem.endsWith(`-${number}`) ? issuedFileName : `${stem}-${number}${extension}`;
}
