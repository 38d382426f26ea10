import { A4, CONTENT_WIDTH, FONT } from './pdf-document';

/** Shared drawing primitives: blocks, label/value rows, tables, footer. Return the next y. */
export const COLOR = { text: '#1d1d1f', muted: '#5f6368', accent: '#1f3a5f', rule: '#c9d1dc', fill: '#eef2f7' };
export const BOTTOM = A4.height - A4.margin - 24;

type Doc = PDFKit.PDFDocument;
export type Align = 'left' | 'right' | 'center';

export interface TextBlock {
  heading?: string;
  name: string;
  lines: string[];
}

/** A heading in small muted capitals, a bold name, then lines that may wrap. */
export function drawBlock(doc: Doc, block: TextBlock, x: number, y: number, width: number): number {
  let cursor = y;
  if (block.heading) {
    doc.font(FONT.bold).fontSize(8).fillColor(COLOR.muted).text(block.heading.toUpperCase(), x, cursor, { width });
    cursor = doc.y + 3;
  }
  doc.font(FONT.bold).fontSize(11).fillColor(COLOR.text).text(block.name, x, cursor, { width });
  doc.font(FONT.regular).fontSize(9);
  for (const line of block.lines) doc.text(line, { width });
  return doc.y;
}

/** "Label   value" rows, the label muted; used for invoice references and the statement. */
export function drawLabelValues(
  doc: Doc,
  rows: ReadonlyArray<readonly [string, string]>,
  options: { x: number; y: number; labelWidth: number; valueWidth: number; fontSize: number; align?: Align },
): number {
  let y = options.y;
  for (const [label, value] of rows) {
    doc.font(FONT.regular).fontSize(options.fontSize).fillColor(COLOR.muted);
    doc.text(label, options.x, y, { width: options.labelWidth, lineBreak: false });
    doc.font(FONT.bold).fillColor(COLOR.text);
    doc.text(value, options.x + options.labelWidth, y, { width: options.valueWidth, align: options.align ?? 'left' });
    y = Math.max(doc.y, y + options.fontSize * 1.2) + 3;
  }
  return y;
}

export interface Column {
  header: string;
  width: number;
  align: Align;
}

const CELL_PADDING = 5;

/** A table with a filled header row; rows wrap in their first column and break across pages. */
export function drawTable(
  doc: Doc,
  columns: readonly Column[],
  rows: ReadonlyArray<readonly string[]>,
  y: number,
): number {
  let cursor = drawTableHeader(doc, columns, y);
  doc.font(FONT.regular).fontSize(9).fillColor(COLOR.text);
  for (const row of rows) {
    const height = rowHeight(doc, columns, row);
    if (cursor + height > BOTTOM) {
      doc.addPage();
      cursor = drawTableHeader(doc, columns, A4.margin);
      doc.font(FONT.regular).fontSize(9).fillColor(COLOR.text);
    }
    let x = A4.margin;
    row.forEach((cell, index) => {
      const column = columns[index]!;
      doc.text(cell, x + CELL_PADDING, cursor + CELL_PADDING, {
        width: column.width - 2 * CELL_PADDING,
        align: column.align,
      });
      x += column.width;
    });
    cursor += height;
    drawRule(doc, cursor);
  }
  return cursor;
}

function drawTableHeader(doc: Doc, columns: readonly Column[], y: number): number {
  const height = 20;
  doc.rect(A4.margin, y, CONTENT_WIDTH, height).fill(COLOR.accent);
  doc.font(FONT.bold).fontSize(9).fillColor('#ffffff');
  let x = A4.margin;
  for (const column of columns) {
    doc.text(column.header, x + CELL_PADDING, y + 6, {
      width: column.width - 2 * CELL_PADDING,
      align: column.align,
      lineBreak: false,
    });
    x += column.width;
  }
  return y + height;
}

function rowHeight(doc: Doc, columns: readonly Column[], row: readonly string[]): number {
  const heights = row.map((cell, index) => cellHeight(doc, cell, columns[index]!.width - 2 * CELL_PADDING));
  return Math.max(...heights) + 2 * CELL_PADDING;
}

/** The characters after which a line always breaks (Unicode line breaking classes BK, CR, LF, NL). */
const MANDATORY_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/;
/** Below this margin a cell's width is measured again by the line wrapper (its sums may round apart). */
const ONE_LINE_MARGIN = 0.01;

/**
 * The height pdfkit's heightOfString gives, without running its line wrapper for a cell that
 * fits on one line (dates, numbers, amounts: most cells of a long statement): one line high.
 * The sum is written as heightOfString computes it, from the current y, so it rounds alike.
 */
export function cellHeight(doc: Doc, text: string, width: number): number {
  if (text === '' || MANDATORY_BREAK.test(text) || doc.widthOfString(text) > width - ONE_LINE_MARGIN)
    return doc.heightOfString(text, { width });
  const { y } = doc;
  return y + doc.currentLineHeight(true) - y;
}

/** Starts a new page when `needed` points do not fit below `y`. */
export function ensureSpace(doc: Doc, y: number, needed: number): number {
  if (y + needed <= BOTTOM) return y;
  doc.addPage();
  return A4.margin;
}

/** A muted line at the foot of every page; drawn inside the bottom margin, so no page break. */
export function drawFooter(doc: Doc, text: string): void {
  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page++) {
    doc.switchToPage(page);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(FONT.regular).fontSize(7.5).fillColor(COLOR.muted);
    doc.text(`${text} — page ${page - range.start + 1}/${range.count}`, A4.margin, A4.height - A4.margin + 8, {
      width: CONTENT_WIDTH,
      align: 'center',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottomMargin;
  }
}

/** A rule across the content width at `y`: thin and grey between rows, thicker to close a block. */
export function drawRule(
  doc: Doc,
  y: number,
  style: { width: number; color: string } = { width: 0.5, color: COLOR.rule },
) {
  doc
    .moveTo(A4.margin, y)
    .lineTo(A4.margin + CONTENT_WIDTH, y)
    .lineWidth(style.width)
    .strokeColor(style.color)
    .stroke();
}
