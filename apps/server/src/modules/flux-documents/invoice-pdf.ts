import { DOCUMENT_TEXT, type InvoiceDocument } from '@gdf/domain';
import { embedFacturX } from '../../pdf/factur-x';
import { createPdfDocument, pdfToBuffer } from '../../pdf/pdf-document';
import { A4, COLOR, CONTENT_WIDTH, FONT } from '../../pdf/page-format';
import { drawBlock, drawLabelValues, drawRule, drawTable, ensureSpace, type Column } from '../../pdf/pdf-layout';

const RIGHT_COLUMN_X = A4.margin + CONTENT_WIDTH / 2 + 10;
const RIGHT_COLUMN_WIDTH = CONTENT_WIDTH / 2 - 10;

/**
 * Draws a facture, avoir or avis de prélèvement (R-FACT-02 to R-FACT-11): every wording
 * comes from @gdf/domain. Given its CII XML, the invoice is a Factur-X: PDF/A-3b carrying it.
 */
export function renderInvoicePdf(
  invoice: InvoiceDocument,
  issuedAt?: Date,
  facturXml?: string,
  watermark?: string,
): Promise<Buffer> {
  const doc = createPdfDocument({
    title: invoice.documentName,
    subject: invoice.rows.map((row) => row[0]).join(', '),
    author: invoice.seller.name,
    createdAt: issuedAt,
    archival: facturXml !== undefined,
    footer: invoice.pageFoot,
  });
  if (facturXml !== undefined) embedFacturX(doc, facturXml, issuedAt ?? new Date());
  if (watermark) {
    drawWatermark(doc, watermark);
    doc.on('pageAdded', () => drawWatermark(doc, watermark));
  }
  let y = drawHeader(doc, invoice);
  y = drawInvoiceTable(doc, invoice, y + 24);
  y = drawTotals(doc, invoice, y + 12);
  y = drawNotes(doc, invoice, y + 14);
  if (invoice.paymentTerms) y = drawSection(doc, invoice.paymentTerms, y + 16);
  if (invoice.preNotification) y = drawSection(doc, invoice.preNotification, y + 16);
  if (invoice.legalFooter.length > 0) drawLegalFooter(doc, invoice.legalFooter, y + 16);
  return pdfToBuffer(doc);
}

/** What a draft's preview is marked with, across every page (R-INV-05). */
export const DRAFT_WATERMARK = 'BROUILLON';

/**
 * R-INV-05: the invoice a draft would issue, without a number of its own: its number and flux
 * id (those of a flux made only to be read, then rolled back) are never shown.
 */
export function draftInvoiceDocument(invoice: InvoiceDocument, fileName: string): InvoiceDocument {
  const number = invoice.number;
  const replace = (value: unknown): unknown => {
    if (typeof value === 'string') return number ? value.split(number).join(DRAFT_WATERMARK) : value;
    if (Array.isArray(value)) return value.map(replace);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, replace(inner)]));
    return value;
  };
  const draft = replace(invoice) as InvoiceDocument;
  return {
    ...draft,
    number: null,
    fileName,
    references: draft.references.filter(([label]) => label !== DOCUMENT_TEXT.references.fluxNumber),
  };
}

/** Large, light and diagonal behind the page's content; the cursor is left where it was. */
function drawWatermark(doc: PDFKit.PDFDocument, text: string): void {
  const { x, y } = doc;
  doc.save();
  doc.rotate(-35, { origin: [A4.width / 2, A4.height / 2] });
  doc.font(FONT.bold).fontSize(96).fillColor('#d0d0d0').fillOpacity(0.5);
  doc.text(text, 0, A4.height / 2 - 48, { width: A4.width, align: 'center', lineBreak: false });
  doc.restore();
  doc.fillOpacity(1);
  doc.x = x;
  doc.y = y;
}

/** Seller top left; title and references top right; buyer below them on the right. */
function drawHeader(doc: PDFKit.PDFDocument, invoice: InvoiceDocument): number {
  const sellerBottom = drawBlock(doc, invoice.seller, A4.margin, A4.margin, CONTENT_WIDTH / 2 - 10);
  // 'AVIS DE PRÉLÈVEMENT' fits the half-page column on one line at 17 pt.
  doc
    .font(FONT.bold)
    .fontSize(invoice.title.length > 10 ? 17 : 26)
    .fillColor(COLOR.accent);
  doc.text(invoice.title, RIGHT_COLUMN_X, A4.margin - 4, { width: RIGHT_COLUMN_WIDTH, align: 'right' });
  const referencesBottom = drawLabelValues(doc, invoice.references, {
    x: RIGHT_COLUMN_X,
    y: doc.y + 6,
    labelWidth: 100,
    valueWidth: RIGHT_COLUMN_WIDTH - 100,
    fontSize: 9,
    align: 'right',
  });
  const buyerTop = Math.max(sellerBottom, referencesBottom) + 22;
  const buyerBottom = drawBlock(doc, invoice.buyer, RIGHT_COLUMN_X + 10, buyerTop, RIGHT_COLUMN_WIDTH - 10);
  doc.rect(RIGHT_COLUMN_X, buyerTop - 2, 3, buyerBottom - buyerTop + 4).fill(COLOR.accent);
  return buyerBottom;
}

function drawInvoiceTable(doc: PDFKit.PDFDocument, invoice: InvoiceDocument, y: number): number {
  const [label, unitPrice, quantity, amount] = invoice.columns;
  const columns: Column[] = [
    { header: label, width: CONTENT_WIDTH - 95 - 60 - 95, align: 'left' },
    { header: unitPrice, width: 95, align: 'right' },
    { header: quantity, width: 60, align: 'right' },
    { header: amount, width: 95, align: 'right' },
  ];
  return drawTable(doc, columns, invoice.rows, y);
}

function drawTotals(doc: PDFKit.PDFDocument, invoice: InvoiceDocument, y: number): number {
  const width = 230;
  const x = A4.margin + CONTENT_WIDTH - width;
  const top = ensureSpace(doc, y, 70);
  const bottom = drawLabelValues(doc, invoice.totals, {
    x,
    y: top,
    labelWidth: 110,
    valueWidth: width - 110,
    fontSize: 10,
    align: 'right',
  });
  doc
    .moveTo(x, bottom - 17)
    .lineTo(x + width, bottom - 17)
    .lineWidth(0.8)
    .strokeColor(COLOR.accent)
    .stroke();
  return bottom;
}

/**
 * The VAT exemption note, always; the invoice an avoir or avis cites; the nature and period
 * of the operation; then the paid note ('Facture acquittée par carte bancaire' / 'le …') boxed.
 */
function drawNotes(doc: PDFKit.PDFDocument, invoice: InvoiceDocument, y: number): number {
  let cursor = ensureSpace(doc, y, 50);
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(COLOR.muted)
    .text(invoice.vatNote, A4.margin, cursor, { width: CONTENT_WIDTH });
  if (invoice.citation) {
    doc.font(FONT.bold).fillColor(COLOR.text).text(invoice.citation, { width: CONTENT_WIDTH });
  }
  doc.font(FONT.regular).fillColor(COLOR.text);
  for (const line of invoice.operation) doc.text(line, { width: CONTENT_WIDTH });
  cursor = doc.y;
  if (invoice.paidNote) {
    cursor += 10;
    doc.roundedRect(A4.margin, cursor, CONTENT_WIDTH, 24, 3).lineWidth(1).strokeColor('#2e7d32').stroke();
    doc.font(FONT.bold).fontSize(10).fillColor('#2e7d32');
    doc.text(invoice.paidNote, A4.margin, cursor + 7, { width: CONTENT_WIDTH, align: 'center' });
    cursor += 24;
  }
  return cursor;
}

/** A titled block of lines: the payment terms (category 4) or the SEPA pre-notification. */
function drawSection(
  doc: PDFKit.PDFDocument,
  section: NonNullable<InvoiceDocument['paymentTerms']>,
  y: number,
): number {
  const top = ensureSpace(doc, y, 30 + 14 * section.lines.length);
  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(COLOR.accent)
    .text(section.heading, A4.margin, top, { width: CONTENT_WIDTH });
  doc.moveDown(0.3);
  doc.font(FONT.regular).fontSize(8.5).fillColor(COLOR.text);
  for (const line of section.lines) doc.text(line, { width: CONTENT_WIDTH, paragraphGap: 3 });
  return doc.y;
}

/** Due date (or its stand-in), penalties, indemnity and discount, in small print under a rule. */
function drawLegalFooter(doc: PDFKit.PDFDocument, lines: readonly string[], y: number): void {
  const top = ensureSpace(doc, y, 60);
  drawRule(doc, top);
  doc.font(FONT.regular).fontSize(7.5).fillColor(COLOR.muted);
  doc.text(lines[0] ?? '', A4.margin, top + 6, { width: CONTENT_WIDTH, paragraphGap: 2 });
  for (const line of lines.slice(1)) doc.text(line, { width: CONTENT_WIDTH, paragraphGap: 2 });
}
