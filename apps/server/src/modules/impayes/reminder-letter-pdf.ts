import { REMINDER_LETTER_TEXT, formatDocumentAmount, reminderLetterRows, type ReminderLetter } from '@gdf/domain';
import { createPdfDocument, pdfToBuffer } from '../../pdf/pdf-document';
import { A4, COLOR, CONTENT_WIDTH, FONT } from '../../pdf/page-format';
import { drawBlock, drawTable, ensureSpace, type Column } from '../../pdf/pdf-layout';

const text = REMINDER_LETTER_TEXT;
const c = text.columns;
const AMOUNT_WIDTH = 80;
const LINE_COLUMNS: Column[] = [
  { header: c.number, width: 95, align: 'left' },
  { header: c.label, width: CONTENT_WIDTH - 95 - 65 - 55 - AMOUNT_WIDTH, align: 'left' },
  { header: c.dueDate, width: 65, align: 'left' },
  { header: c.daysLate, width: 55, align: 'right' },
  { header: c.amount, width: AMOUNT_WIDTH, align: 'right' },
];

/**
 * A reminder letter in the documents' style (accent title, party blocks, accent table,
 * footer), PDF/A-3b like the Factur-X factures: it is kept as issued, for years.
 */
export function renderReminderLetterPdf(
  letter: ReminderLetter,
  parties: { sender: { name: string; lines: string[] }; recipient: { name: string; lines: string[] } },
  issuedAt: Date,
): Promise<Buffer> {
  const doc = createPdfDocument({
    title: letter.documentTitle,
    subject: letter.subject,
    author: parties.sender.name,
    createdAt: issuedAt,
    archival: true,
    footer: letter.documentTitle,
  });
  doc
    .font(FONT.bold)
    .fontSize(22)
    .fillColor(COLOR.accent)
    .text(letter.title, A4.margin, A4.margin, { width: CONTENT_WIDTH });
  doc.font(FONT.regular).fontSize(10).fillColor(COLOR.muted).text(letter.reference, { width: CONTENT_WIDTH });
  const top = doc.y + 14;
  const half = (CONTENT_WIDTH - 24) / 2;
  const senderEnd = drawBlock(doc, { heading: text.sender, ...parties.sender }, A4.margin, top, half);
  const recipientEnd = drawBlock(
    doc,
    { heading: text.recipient, ...parties.recipient },
    A4.margin + half + 24,
    top,
    half,
  );
  let y = Math.max(senderEnd, recipientEnd) + 16;

  doc.font(FONT.regular).fontSize(10).fillColor(COLOR.text);
  doc.text(letter.dateLine, A4.margin, y, { width: CONTENT_WIDTH, align: 'right' });
  doc.font(FONT.bold).text(letter.subject, A4.margin, doc.y + 8, { width: CONTENT_WIDTH });
  doc.font(FONT.regular).text(letter.salutation, A4.margin, doc.y + 10, { width: CONTENT_WIDTH });
  doc.text(letter.paragraphs[0] ?? '', A4.margin, doc.y + 8, { width: CONTENT_WIDTH, align: 'justify' });

  const rows = [...reminderLetterRows(letter), ['', text.total, '', '', formatDocumentAmount(letter.total)]];
  y = drawTable(doc, LINE_COLUMNS, rows, doc.y + 12);

  for (const paragraph of letter.paragraphs.slice(1)) {
    y = ensureSpace(doc, y + 10, 40);
    doc.font(FONT.regular).fontSize(10).fillColor(COLOR.text);
    doc.text(paragraph, A4.margin, y, { width: CONTENT_WIDTH, align: 'justify' });
    y = doc.y;
  }

  y = ensureSpace(doc, y + 14, 80);
  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(COLOR.accent)
    .text(text.termsHeading, A4.margin, y, { width: CONTENT_WIDTH });
  doc.font(FONT.regular).fontSize(8.5).fillColor(COLOR.muted);
  for (const line of letter.legalTerms) doc.text(line, A4.margin, doc.y + 3, { width: CONTENT_WIDTH });

  y = ensureSpace(doc, doc.y + 14, 50);
  doc
    .font(FONT.regular)
    .fontSize(10)
    .fillColor(COLOR.text)
    .text(letter.closing, A4.margin, y, { width: CONTENT_WIDTH });
  doc.font(FONT.bold).text(parties.sender.name, A4.margin, doc.y + 16, { width: CONTENT_WIDTH, align: 'right' });
  return pdfToBuffer(doc);
}
