/**
 * Business rules of the invoice (facture) and operation statement (relevé d'opération):
 * SPEC.md sections 4 and 9, DESIGN.md section 6. Pure, so every rule is unit-tested here
 * and the server only loads data and draws. The mentions added by issue 16 are in
 * invoice-mentions.ts, the wording in document-messages.ts.
 */
import { FluxCategory } from '../flux/categories';
import { parisIsoDate } from './document-format';
import { DOCUMENT_TEXT } from './document-messages';
import type { InvoiceKind } from './invoice-mentions';

/** DESIGN.md section 3: category 4 is an invoice payable by bank transfer. */
export const CATEGORY_FACTURE = FluxCategory.Facture;
/** DESIGN.md section 3: category 5 is a SEPA direct debit (no payment-terms block). */
export const CATEGORY_PRELEVEMENT = FluxCategory.Prelevement;

export type FluxDocumentKind = 'facture' | 'releve';

/** SPEC.md section 9: season end year, then '-FFME-', then the flux id (season id = end year). */
export function invoiceNumber(seasonId: number, fluxId: number): string {
  return `${seasonId}-FFME-${fluxId}`;
}

/** SPEC.md section 4: a flux whose name contains 'Affiliation', in any case, was paid by card. */
export function isAffiliationFlux(fluxName: string): boolean {
  return /affiliation/i.test(fluxName);
}

export type InvoiceTitle = 'FACTURE' | 'AVOIR' | 'AVIS DE PRÉLÈVEMENT';

/** DESIGN.md section 6: a credit flux is an 'AVOIR'; section 9: a relaunch an 'AVIS DE PRÉLÈVEMENT'. */
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
 * SPEC.md section 4: category 4 allows the payment-terms block, category 5 (and, DESIGN.md
 * section 6, every other category) does not; an Affiliation flux never has it and shows
 * the correspondent's contact in place of the address. Issue 16 (no document contradicts
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

/** DESIGN.md section 6: the file name holds the flux id and its creation day in Paris. */
export function fluxDocumentFileName(
  kind: FluxDocumentKind | 'avis-prelevement',
  fluxId: number,
  createdAt: Date,
): string {
  return `${kind}-${fluxId}-${parisIsoDate(createdAt)}.pdf`;
}
