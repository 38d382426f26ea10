import { A4, COLOR, CONTENT_WIDTH, FONT } from './page-format';
import { currentFont } from './pdfkit-internals';
import { cellShowings, measureCell, newTableCellMemory, textWidth, type Align } from './table-cells';
import { addPdfSpaceContent, textObject } from './text-operators';
import { currentFontSize } from './pdfkit-internals';

/** Shared drawing primitives: blocks, label/value rows, tables. Return the next y. */
const BOTTOM = A4.height - A4.margin - 24;

type Doc = PDFKit.PDFDocument;

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
/** The label keeps room for a word a line: below it, pdfkit added pages without end. */
const MIN_FLEXIBLE_WIDTH = 60;

/**
 * The columns with every right-aligned one (amounts, counts) at least as wide as its widest
 * cell, so an amount never breaks across two lines; what they gain is taken from the
 * `flexible` column (the label, which wraps), down to MIN_FLEXIBLE_WIDTH. Past that (a
 * federation's amounts in millions in six columns), the amounts give back in proportion to what
 * they gained, and the longest then wrap.
 */
export function fitRightAlignedColumns(
  doc: Doc,
  columns: readonly Column[],
  rows: ReadonlyArray<readonly string[]>,
  flexible: number,
): Column[] {
  doc.font(FONT.regular).fontSize(9);
  const fitted = columns.map((column, index) => {
    if (column.align !== 'right') return { ...column };
    const widest = Math.max(...rows.map((row) => textWidth(doc, row[index] ?? '')));
    return { ...column, width: Math.max(column.width, Math.ceil(widest + 2 * CELL_PADDING)) };
  });
  const gained = fitted.reduce((sum, column, index) => sum + column.width - columns[index]!.width, 0);
  const label = fitted[flexible]!;
  const giveBack = Math.min(gained, Math.max(0, MIN_FLEXIBLE_WIDTH - (label.width - gained)));
  label.width -= gained - giveBack;
  if (giveBack > 0)
    fitted.forEach((column, index) => {
      if (index !== flexible) column.width -= (giveBack * (column.width - columns[index]!.width)) / gained;
    });
  return fitted;
}

/** A table with a filled header row; rows wrap in their first column and break across pages. */
export function drawTable(
  doc: Doc,
  columns: readonly Column[],
  rows: ReadonlyArray<readonly string[]>,
  y: number,
): number {
  let cursor = drawTableHeader(doc, columns, y);
  doc.font(FONT.regular).fontSize(9).fillColor(COLOR.text);
  const memory = newTableCellMemory();
  for (const row of rows) {
    const cells = row.map((cell, index) => measureCell(doc, cell, columns[index]!.width - 2 * CELL_PADDING, memory));
    const height = Math.max(...cells.map((cell) => cell.height)) + 2 * CELL_PADDING;
    if (cursor + height > BOTTOM) {
      doc.addPage();
      cursor = drawTableHeader(doc, columns, A4.margin);
      doc.font(FONT.regular).fontSize(9).fillColor(COLOR.text);
    }
    // The row's cells are shown in one text object (see table-cells.ts).
    const showings: string[] = [];
    let x = A4.margin;
    row.forEach((cell, index) => {
      const column = columns[index]!;
      const box = { x: x + CELL_PADDING, y: cursor + CELL_PADDING, width: column.width - 2 * CELL_PADDING };
      const shown = cellShowings(doc, box, column.align, cells[index]!, memory);
      if (shown) showings.push(...shown);
      else doc.text(cell, box.x, box.y, { width: box.width, align: column.align });
      x += column.width;
    });
    if (showings.length > 0)
      addPdfSpaceContent(doc, currentFont(doc), [textObject(currentFont(doc), currentFontSize(doc), showings)]);
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

/** Starts a new page when `needed` points do not fit below `y`. */
export function ensureSpace(doc: Doc, y: number, needed: number): number {
  if (y + needed <= BOTTOM) return y;
  doc.addPage();
  return A4.margin;
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

/** A note in small muted type across the content width, on a new page when it does not fit. */
export function drawNote(doc: Doc, line: string, y: number): number {
  const top = ensureSpace(doc, y, 20);
  doc.font(FONT.regular).fontSize(8.5).fillColor(COLOR.muted).text(line, A4.margin, top, { width: CONTENT_WIDTH });
  return doc.y;
}

/**
 * Table columns as [header, width]: a negative width is right-aligned (an amount or a count),
 * and the last column, right-aligned, takes what is left of the content width.
 */
export function tableColumns(...specs: Array<[string, number?]>): Column[] {
  let used = 0;
  return specs.map(([header, width], index) => {
    if (index === specs.length - 1 || width === undefined)
      return { header, width: CONTENT_WIDTH - used, align: 'right' };
    used += Math.abs(width);
    return { header, width: Math.abs(width), align: width < 0 ? 'right' : 'left' };
  });
}

/**
 * A document's head: its title in large accent type at the top of its first page, its
 * subtitle lines in muted type, then `block` (the structure it is about) below them.
 */
export function drawDocumentHead(doc: Doc, title: string, subtitles: readonly string[], block: TextBlock): number {
  doc.font(FONT.bold).fontSize(22).fillColor(COLOR.accent).text(title, A4.margin, A4.margin, { width: CONTENT_WIDTH });
  doc.font(FONT.regular).fontSize(10).fillColor(COLOR.muted);
  for (const line of subtitles) doc.text(line, { width: CONTENT_WIDTH });
  return drawBlock(doc, block, A4.margin, doc.y + 14, CONTENT_WIDTH);
}
