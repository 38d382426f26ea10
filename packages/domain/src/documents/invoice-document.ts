import { friendlyFormatIBAN } from 'ibantools';
import { seasonName } from '../seasons/season';
import type { BankAccount, DocumentLine, InvoiceInput } from './document-input';
import { formatDocumentAmount, formatIsoDay, formatParisDate, formatQuantity } from './document-format';
import { DOCUMENT_TEXT, PAID_BY_CARD_NOTE, VAT_EXEMPTION_NOTE } from './document-messages';
import {
  fluxDocumentFileName,
  invoiceBlocks,
  invoiceNumber,
  invoiceTitle,
  isAffiliationFlux,
  type InvoiceBlocks,
  type InvoiceTitle,
} from './document-rules';
import {
  debitDayValue,
  directDebitDay,
  invoiceKind,
  legalFooterLines,
  paidNote,
  preNotificationLines,
  settlementLine,
  settlementStatement,
  type InvoiceKind,
  type SettlementStatement,
} from './invoice-mentions';
import { operationNature } from './operation-nature';
import { buyerAddressLines, buyerCorrespondentLines, sellerLines } from './party-lines';

/** A block of the page: a heading, a name in bold, then plain lines. */
export interface DocumentBlock {
  heading: string;
  name: string;
  lines: string[];
}

export interface TextSection {
  heading: string;
  lines: string[];
}

/** Everything the invoice PDF draws, already worded and formatted (fr-FR, Europe/Paris). */
export interface InvoiceDocument {
  kind: InvoiceKind;
  title: InvoiceTitle;
  fileName: string;
  /** Its own number; null on an avis de prélèvement, which presents another invoice. */
  number: string | null;
  /** PDF metadata title, e.g. "Facture 2024-FFME-123456". */
  documentName: string;
  /** Label / value pairs under the title: number, date, flux, season. */
  references: Array<[string, string]>;
  seller: DocumentBlock;
  buyer: DocumentBlock;
  columns: [string, string, string, string];
  rows: Array<[string, string, string, string]>;
  totals: Array<[string, string]>;
  vatNote: string;
  /** 'Avoir sur la facture n° …', or what an avis presents again. */
  citation: string | null;
  /** Nature and period of the operation (none on an avis: it is not a sale). */
  operation: string[];
  paidNote: string | null;
  paymentTerms: TextSection | null;
  preNotification: TextSection | null;
  /** Due date or its stand-in, penalties, indemnity, discount (none on an avis). */
  legalFooter: string[];
  /** The line at the foot of every page. */
  pageFoot: string;
}

export const INVOICE_COLUMNS: InvoiceDocument['columns'] = DOCUMENT_TEXT.columns;

/** R-FACT-02 to R-FACT-11: the facture, avoir or avis de prélèvement of one flux, every rule applied. */
export function buildInvoiceDocument(input: InvoiceInput): InvoiceDocument {
  const { flux } = input;
  const kind = invoiceKind(flux, input.relaunchOf);
  const blocks = invoiceBlocks(flux);
  const statement = invoiceSettlement(input, kind);
  const ownNumber = kind === 'avis' ? null : invoiceNumber(flux.seasonId, flux.id);
  const cited = kind === 'avis' ? input.relaunchOf : kind === 'avoir' ? input.correctedInvoice : null;
  const citedNumber = cited ? invoiceNumber(cited.seasonId, cited.id) : null;
  const name = DOCUMENT_TEXT.names[kind];
  const footNumber = ownNumber ?? citedNumber ?? '';
  const text = DOCUMENT_TEXT;
  return {
    kind,
    title: invoiceTitle(kind),
    fileName: fluxDocumentFileName(kind === 'avis' ? 'avis-prelevement' : 'facture', flux.id, flux.createdAt),
    number: ownNumber,
    documentName: `${name} ${footNumber}`,
    references: invoiceReferences(input, kind, ownNumber, citedNumber),
    seller: { heading: text.headings.seller, name: input.seller.name, lines: sellerLines(input.seller) },
    buyer: buyerBlock(input, kind, blocks.buyer),
    columns: INVOICE_COLUMNS,
    rows: invoiceRows(input),
    totals: [
      [text.totals.ht, formatDocumentAmount(flux.amountHT)],
      [text.totals.tva, formatDocumentAmount(flux.amountTVA)],
      [text.totals.ttc, formatDocumentAmount(flux.amountTTC)],
    ],
    vatNote: VAT_EXEMPTION_NOTE,
    citation: !citedNumber ? null : kind === 'avis' ? text.avisOf(citedNumber) : text.creditNoteOf(citedNumber),
    operation: kind === 'avis' ? [] : operationLines(input),
    paidNote: paidNote(statement, PAID_BY_CARD_NOTE),
    paymentTerms: blocks.paymentTerms
      ? { heading: text.headings.paymentTerms, lines: paymentTermLines(input, statement, ownNumber ?? '') }
      : null,
    preNotification: preNotificationBlock(input, statement),
    legalFooter: kind === 'avis' ? [] : legalFooterLines(statement, blocks.paymentTerms),
    pageFoot:
      kind === 'avis'
        ? text.avisPageFoot(input.seller.name, name, footNumber)
        : text.pageFoot(input.seller.name, name, footNumber),
  };
}

/** The references block: the document's own number (or the one it cites), its date, its flux and season. */
function invoiceReferences(
  input: InvoiceInput,
  kind: InvoiceKind,
  ownNumber: string | null,
  citedNumber: string | null,
): [string, string][] {
  const { flux } = input;
  const text = DOCUMENT_TEXT;
  const debit = directDebitDay(flux, input.directDebit.batchCollectionDate);
  return [
    ownNumber
      ? [kind === 'avoir' ? text.references.creditNoteNumber : text.references.invoiceNumber, ownNumber]
      : [text.references.originalInvoice, citedNumber ?? ''],
    [text.references.date, formatParisDate(flux.createdAt)],
    ...(kind === 'avis' ? [[text.references.debitDate, debitDayValue(debit)] as [string, string]] : []),
    [text.references.fluxNumber, String(flux.id)],
    [text.references.season, seasonName(flux.seasonId)],
  ];
}

function buyerBlock(input: InvoiceInput, kind: InvoiceKind, lines: InvoiceBlocks['buyer']): InvoiceDocument['buyer'] {
  const text = DOCUMENT_TEXT;
  return {
    heading: { facture: text.headings.buyer, avoir: text.headings.creditNoteBuyer, avis: text.headings.debtor }[kind],
    name: input.buyer.name,
    lines:
      lines === 'correspondent'
        ? buyerCorrespondentLines(input.buyer, input.correspondent)
        : buyerAddressLines(input.buyer),
  };
}

/** The SEPA pre-notification of a flux collected by direct debit. */
function preNotificationBlock(input: InvoiceInput, statement: SettlementStatement): InvoiceDocument['preNotification'] {
  if (statement.kind !== 'debit') return null;
  return {
    heading: DOCUMENT_TEXT.headings.preNotification,
    lines: preNotificationLines({
      amount: formatDocumentAmount(input.flux.amountTTC),
      debit: statement.debit,
      mandateReference: input.directDebit.mandateReference,
      creditorIdentifier: input.directDebit.creditorIdentifier,
    }),
  };
}

/** What stands where the due date is due on this flux's document (settlementStatement's rules). */
export function invoiceSettlement(input: InvoiceInput, kind: InvoiceKind): SettlementStatement {
  const { flux } = input;
  return settlementStatement({
    kind,
    affiliation: isAffiliationFlux(flux.name),
    categoryId: flux.categoryId,
    settled: flux.settled,
    settledAt: input.settledAt,
    dueDate: flux.dueDate,
    debit: directDebitDay(flux, input.directDebit.batchCollectionDate),
  });
}

/** The lines an invoice bills: the flux's detail lines; a flux without any bills itself, once. */
export function billedLines(input: Pick<InvoiceInput, 'flux' | 'lines'>): DocumentLine[] {
  if (input.lines.length > 0) return input.lines;
  const { flux } = input;
  return [{ label: flux.name, unitPrice: flux.amountHT, quantity: 1, amount: flux.amountHT, tarif: null }];
}

function invoiceRows(input: InvoiceInput): InvoiceDocument['rows'] {
  return billedLines(input).map((line) => [
    line.label,
    formatDocumentAmount(line.unitPrice),
    formatQuantity(line.quantity),
    formatDocumentAmount(line.amount),
  ]);
}

/** CGI annex II art. 242 nonies A (e-invoicing reform): nature of the operation, and its period (the season). */
function operationLines(input: InvoiceInput): string[] {
  const nature = operationNature(input.lines, input.flux.name);
  return [
    DOCUMENT_TEXT.operation.nature(DOCUMENT_TEXT.operation.natures[nature]),
    DOCUMENT_TEXT.operation.period(formatIsoDay(input.season.start), formatIsoDay(input.season.end)),
  ];
}

/** R-FACT-04's payment-terms block: the due date and the bank-transfer text. */
function paymentTermLines(
  input: InvoiceInput,
  statement: ReturnType<typeof settlementStatement>,
  number: string,
): string[] {
  const due = settlementLine(statement);
  return [...(due ? [due] : []), ...bankTransferLines(input.seller.name, input.sellerBank, number)];
}

function bankTransferLines(holder: string, bank: BankAccount | null, number: string): string[] {
  const order = DOCUMENT_TEXT.bankTransfer.order(holder, number);
  if (!bank) return [order];
  return [order, DOCUMENT_TEXT.bankTransfer.account(friendlyFormatIBAN(bank.iban) ?? bank.iban, bank.bic)];
}
