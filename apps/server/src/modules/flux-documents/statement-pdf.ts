import type { StatementDocument } from '@gdf/domain';
import { createPdfDocument, pdfToBuffer } from '../../pdf/pdf-document';
import { A4, COLOR, CONTENT_WIDTH, FONT } from '../../pdf/page-format';
import { drawBlock, drawRule } from '../../pdf/pdf-layout';

const ROW_HEIGHT = 26;
const LABEL_WIDTH = 140;

/** Draws the relevé d'opération (R-DOC-04): title, structure, then one row per field. */
export function renderStatementPdf(statement: StatementDocument, issuedAt?: Date): Promise<Buffer> {
  const doc = createPdfDocument({
    title: `${statement.title} — flux ${statement.rows[0]?.[1] ?? ''}`,
    subject: statement.rows.find(([label]) => label === 'Libellé')?.[1] ?? statement.title,
    author: statement.structure.name,
    createdAt: issuedAt,
    footer: `${statement.title} — ${statement.structure.name}`,
  });
  doc
    .font(FONT.bold)
    .fontSize(22)
    .fillColor(COLOR.accent)
    .text(statement.title, A4.margin, A4.margin, { width: CONTENT_WIDTH });
  let y = drawBlock(doc, { heading: 'Structure', ...statement.structure }, A4.margin, doc.y + 18, CONTENT_WIDTH) + 24;
  statement.rows.forEach(([label, value], index) => {
    const height = Math.max(
      ROW_HEIGHT,
      doc
        .font(FONT.bold)
        .fontSize(11)
        .heightOfString(value, { width: CONTENT_WIDTH - LABEL_WIDTH - 20 }) + 14,
    );
    if (index % 2 === 0) doc.rect(A4.margin, y, CONTENT_WIDTH, height).fill(COLOR.fill);
    doc
      .font(FONT.regular)
      .fontSize(10)
      .fillColor(COLOR.muted)
      .text(label, A4.margin + 10, y + 8, { width: LABEL_WIDTH, lineBreak: false });
    doc
      .font(FONT.bold)
      .fontSize(11)
      .fillColor(COLOR.text)
      .text(value, A4.margin + LABEL_WIDTH + 10, y + 7, { width: CONTENT_WIDTH - LABEL_WIDTH - 20 });
    y += height;
  });
  drawRule(doc, y, { width: 0.8, color: COLOR.accent });
  return pdfToBuffer(doc);
}
