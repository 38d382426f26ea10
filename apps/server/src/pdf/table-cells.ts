import { composedWidth } from './composed-text';
import { currentFont, currentFontSize, wrapLines } from './pdfkit-internals';
import { encodeLine, lineShowing, type EncodedLine } from './text-operators';

type Doc = PDFKit.PDFDocument;
export type Align = 'left' | 'right' | 'center';

/** The characters after which a line always breaks (Unicode line breaking classes BK, CR, LF, NL). */
const MANDATORY_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/;
/** Below this margin a cell's width is measured again by the line wrapper (its sums may round apart). */
const ONE_LINE_MARGIN = 0.01;

export interface CellMeasure {
  /** What pdfkit's heightOfString gives for the cell. */
  height: number;
  /** The lines pdfkit draws the cell as ('' draws none). */
  lines: readonly string[];
  /** From one line's top to the next. */
  step: number;
  /** The single line's width, when the cell fits on one line with nothing to trim at its end. */
  lineWidth: number | null;
}

/**
 * What a table remembers of its cells, in its font and size: widths, wrapped cells (a
 * statement's labels repeat) and encoded texts (dates, amounts, labels), each once per text.
 */
export interface TableCellMemory {
  widths: Map<string, number>;
  wrapped: Map<string, CellMeasure>;
  encoded: Map<string, EncodedLine>;
}

export const newTableCellMemory = (): TableCellMemory => ({
  widths: new Map(),
  wrapped: new Map(),
  encoded: new Map(),
});

/**
 * A table cell as pdfkit would lay it out in `width`: one that fits on one line (dates,
 * numbers, amounts) measured without the line wrapper; a longer one wrapped by pdfkit once per
 * distinct text (`memory`). Heights are summed as heightOfString sums them, so they round alike.
 */
export function measureCell(doc: Doc, text: string, width: number, memory?: TableCellMemory): CellMeasure {
  const lineWidth = text === '' || MANDATORY_BREAK.test(text) || /\s$/.test(text) ? null : widthOf(doc, text, memory);
  if (lineWidth !== null && lineWidth <= width - ONE_LINE_MARGIN) {
    const { y } = doc;
    const step = y + doc.currentLineHeight(true) - y;
    return { height: step, lines: [text], step, lineWidth };
  }
  const key = `${width}\u0000${text}`;
  let wrapped = memory?.wrapped.get(key);
  if (!wrapped) {
    wrapped = { ...wrapLines(doc, text, width), lineWidth: null };
    memory?.wrapped.set(key, wrapped);
  }
  return wrapped;
}

function widthOf(doc: Doc, text: string, memory?: TableCellMemory): number {
  let width = memory?.widths.get(text);
  if (width === undefined) {
    width = textWidth(doc, text);
    memory?.widths.set(text, width);
  }
  return width;
}

/** doc.widthOfString(text) in the current font and size; amounts, dates and numbers from their characters. */
export function textWidth(doc: Doc, text: string): number {
  return composedWidth(currentFont(doc), text, currentFontSize(doc)) ?? doc.widthOfString(text);
}

/**
 * The text-showing operators of a left- or right-aligned cell, a line each, placed as
 * doc.text(text, x, y, { width, align }) places them, for a text object in the current font and
 * size (see textObject); null for other alignments, which pdfkit draws. Showing cells ourselves
 * skips pdfkit's text call and line wrapper, most of the cost of a 10,000-line statement.
 */
export function cellShowings(
  doc: Doc,
  box: { x: number; y: number; width: number },
  align: Align,
  { lines, step, lineWidth }: CellMeasure,
  memory: TableCellMemory = newTableCellMemory(),
): string[] | null {
  if (align !== 'left' && align !== 'right') return null;
  const font = currentFont(doc);
  const size = currentFontSize(doc);
  const showings: string[] = [];
  let top = box.y;
  for (const line of lines) {
    const text = line.replace(/\n/g, '');
    if (text !== '') {
      // pdfkit right-aligns a line without its trailing spaces.
      const x = align === 'left' ? box.x : box.x + box.width - (lineWidth ?? textWidth(doc, text.replace(/\s+$/, '')));
      let encoded = memory.encoded.get(text);
      if (!encoded) memory.encoded.set(text, (encoded = encodeLine(font, text)));
      showings.push(lineShowing(font, size, encoded, x, doc.page.height - top));
    }
    top += step;
  }
  return showings;
}
