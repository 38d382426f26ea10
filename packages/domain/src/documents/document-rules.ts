/**
 * Business rules of the invoice (facture) and operation statement (relevé d'opération):
 * SPEC.md sections 4 and 9, DESIGN.md section 6. Pure, so every rule is unit-tested here
 * and the server only loads data and draws.
 */
import { FluxCategory } from '../flux/categories';
import { parisIsoDate } from './document-format';

/** DESIGN.md section 3: category 4 is an invoice payable by bank transfer. */
export const CATEGORY_FACTURE = FluxCategory.Facture;
/** DESIGN.md section 3: category 5 is a SEPA direct debit (no payment-terms block). */
export const CATEGORY_PRELEVEMENT = FluxCategory.Prelevement;

export const VAT_EXEMPTION_NOTE = 'TVA NON APPLICABLE, art 293B du CGI';
export const PAID_BY_CARD_NOTE = 'Facture acquittée par carte bancaire';
export const STATEMENT_TITLE = "RELEVÉ D'OPÉRATION";
/** SPEC.md section 9: late-payment penalty and flat recovery fee. */
export const LATE_PAYMENT_RATE_MULTIPLIER = 3;
export const RECOVERY_FEE_EUROS = 40;

export type FluxDocumentKind = 'facture' | 'releve';

/** SPEC.md section 9: season end year, then '-FFME-', then the flux id (season id = end year). */
export function invoiceNumber(seasonId: number, fluxId: number): string {
  return `${seasonId}-FFME-${fluxId}`;
}

/** SPEC.md section 4: a flux whose name contains 'Affiliation', in any case, was paid by card. */
export function isAffiliationFlux(fluxName: string): boolean {
  return /affiliation/i.test(fluxName);
}

/** DESIGN.md section 6: a credit flux (EST_Debit false) is an 'AVOIR'. */
export function invoiceTitle(isDebit: boolean): 'FACTURE' | 'AVOIR' {
  return isDebit ? 'FACTURE' : 'AVOIR';
}

export interface InvoiceBlocks {
  /** Due date, bank transfer to the head office, late-payment text. */
  paymentTerms: boolean;
  /** 'Facture acquittée par carte bancaire'. */
  paidByCard: boolean;
  /** Whom the buyer block shows: the structure's address or its correspondent's contact. */
  buyer: 'address' | 'correspondent';
}

/**
 * SPEC.md section 4: category 4 allows the payment-terms block, category 5 (and, DESIGN.md
 * section 6, every other category) does not; an Affiliation flux never has it, is marked
 * paid by card and shows the correspondent's contact in place of the address.
 */
export function invoiceBlocks(flux: { name: string; categoryId: number }): InvoiceBlocks {
  const affiliation = isAffiliationFlux(flux.name);
  return {
    paymentTerms: !affiliation && flux.categoryId === CATEGORY_FACTURE,
    paidByCard: affiliation,
    buyer: affiliation ? 'correspondent' : 'address',
  };
}

/** DESIGN.md section 6: the file name holds the flux id and its creation day in Paris. */
export function fluxDocumentFileName(kind: FluxDocumentKind, fluxId: number, createdAt: Date): string {
  return `${kind}-${fluxId}-${parisIsoDate(createdAt)}.pdf`;
}

/** SPEC.md section 9 / Code de commerce L441-10 and D441-5. */
export function latePaymentText(): string {
  return (
    `En cas de retard de paiement, une pénalité égale à ${LATE_PAYMENT_RATE_MULTIPLIER} fois le taux ` +
    `d'intérêt légal sera exigible (art. L441-10 du Code de commerce), ainsi qu'une indemnité ` +
    `forfaitaire pour frais de recouvrement de ${RECOVERY_FEE_EUROS}\u00a0€ (art. D441-5 du Code de commerce). ` +
    `Pas d'escompte pour paiement anticipé.`
  );
}
