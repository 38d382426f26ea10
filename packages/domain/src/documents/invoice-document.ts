import { friendlyFormatIBAN } from 'ibantools';
import { seasonName } from '../seasons/season';
import type { BankAccount, DocumentLine, InvoiceInput } from './document-input';
import { formatDocumentAmount, formatIsoDay, formatParisDate, formatQuantity } from './document-format';
import {
  PAID_BY_CARD_NOTE,
  VAT_EXEMPTION_NOTE,
  fluxDocumentFileName,
  invoiceBlocks,
  invoiceNumber,
  invoiceTitle,
  latePaymentText,
} from './document-rules';
import { buyerAddressLines, buyerCorrespondentLines, sellerLines } from './party-lines';

/** A block of the page: a heading, a name in bold, then plain lines. */
export interface DocumentBlock {
  heading: string;
  name: string;
  lines: string[];
}

/** Everything the invoice PDF draws, already worded and formatted (fr-FR, Europe/Paris). */
export interface InvoiceDocument {
  title: 'FACTURE' | 'AVOIR';
  fileName: string;
  number: string;
  /** Label / value pairs under the title: number, date, flux, season. */
  references: Array<[string, string]>;
  seller: DocumentBlock;
  buyer: DocumentBlock;
  columns: [string, string, string, string];
  rows: Array<[string, string, string, string]>;
  totals: Array<[string, string]>;
  vatNote: string;
  paidNote: string | null;
  paymentTerms: { heading: string; lines: string[] } | null;
}

export const INVOICE_COLUMNS: InvoiceDocument['columns'] = ['Désignation', 'Prix unitaire', 'Quantité', 'Montant HT'];

/** DESIGN.md section 6: the facture of one flux, every rule applied. */
export function buildInvoiceDocument(input: InvoiceInput): InvoiceDocument {
  const { flux } = input;
  const blocks = invoiceBlocks(flux);
  const title = invoiceTitle(flux.isDebit);
  const number = invoiceNumber(flux.seasonId, flux.id);
  return {
    title,
    fileName: fluxDocumentFileName('facture', flux.id, flux.createdAt),
    number,
    references: [
      [title === 'AVOIR' ? "N° d'avoir" : 'N° de facture', number],
      ['Date', formatParisDate(flux.createdAt)],
      ['N° de flux', String(flux.id)],
      ['Saison', seasonName(flux.seasonId)],
    ],
    seller: { heading: 'Émetteur', name: input.seller.name, lines: sellerLines(input.seller) },
    buyer: {
      heading: title === 'AVOIR' ? 'Bénéficiaire' : 'Facturé à',
      name: input.buyer.name,
      lines:
        blocks.buyer === 'correspondent'
          ? buyerCorrespondentLines(input.buyer, input.correspondent)
          : buyerAddressLines(input.buyer),
    },
    columns: INVOICE_COLUMNS,
    rows: invoiceRows(input),
    totals: [
      ['Total HT', formatDocumentAmount(flux.amountHT)],
      ['TVA', formatDocumentAmount(flux.amountTVA)],
      ['Total TTC', formatDocumentAmount(flux.amountTTC)],
    ],
    vatNote: VAT_EXEMPTION_NOTE,
    paidNote: blocks.paidByCard ? PAID_BY_CARD_NOTE : null,
    paymentTerms: blocks.paymentTerms
      ? { heading: 'Conditions de règlement', lines: paymentTermLines(input, number) }
      : null,
  };
}

/** A flux without detail lines still shows one line: itself, once. */
function invoiceRows(input: InvoiceInput): InvoiceDocument['rows'] {
  const lines: DocumentLine[] =
    input.lines.length > 0
      ? input.lines
      : [{ label: input.flux.name, unitPrice: input.flux.amountHT, quantity: 1, amount: input.flux.amountHT }];
  return lines.map((line) => [
    line.label,
    formatDocumentAmount(line.unitPrice),
    formatQuantity(line.quantity),
    formatDocumentAmount(line.amount),
  ]);
}

function paymentTermLines(input: InvoiceInput, number: string): string[] {
  const due = input.flux.dueDate ? formatIsoDay(input.flux.dueDate) : 'à réception de la facture';
  return [
    `Date d'échéance : ${due}`,
    ...bankTransferLines(input.seller.name, input.sellerBank, number),
    latePaymentText(),
  ];
}

function bankTransferLines(holder: string, bank: BankAccount | null, number: string): string[] {
  if (!bank) return [`Règlement par virement bancaire à l'ordre de ${holder}, en indiquant la référence ${number}.`];
  return [
    `Règlement par virement bancaire à l'ordre de ${holder}, en indiquant la référence ${number}.`,
    `IBAN : ${friendlyFormatIBAN(bank.iban) ?? bank.iban}` + (bank.bic ? `    BIC : ${bank.bic}` : ''),
  ];
}
