/**
 * The pdfkit (and fontkit) internals the documents read, in one place. Each is pinned by a test
 * against pdfkit's own output (test/integration/documents/text-operators.test.ts) and by
 * pdfkit-privates.test.ts, so an upgrade that changes one fails there rather than in a document.
 */

/** A shaped glyph's placement, in thousandths of the font size (pdfkit scales fontkit's units so). */
interface GlyphPlacement {
  xAdvance: number;
  xOffset: number;
  yOffset: number;
  /** The glyph's own width: xAdvance minus this is the kerning the shaper added after it. */
  advanceWidth: number;
}

/** What the documents use of a pdfkit EmbeddedFont (pdfkit's internal font object, `doc._font`). */
export interface PdfkitEmbeddedFont {
  /** The font's resource name in a page or form (F1, F2, ...). */
  id: string;
  /** Ascender in thousandths of the font size. */
  ascender: number;
  /** Thousandths of the font size per font unit (1000 / unitsPerEm): pdfkit scales fontkit's positions by it. */
  scale: number;
  /** The fontkit font it embeds (createPdfDocument registers shared-font.ts's wrapper); none for a standard PDF font. */
  font?: { layout(text: string): { positions: Array<{ xAdvance: number }> } };
  /** Glyph ids (4 hex digits each, in the document's subset) and their placements. */
  encode(text: string): [string[], GlyphPlacement[]];
  ref(): PDFKit.PDFKitReference;
}

interface PdfkitInternals {
  _font: PdfkitEmbeddedFont;
  _fontSize: number;
  _lineGap?: number;
  _initOptions(options: { width: number }): { width: number; height?: number; lineGap?: number };
  _text(text: string, x: number, y: number, options: object, onLine: (line: string) => void): void;
}

const internals = (doc: PDFKit.PDFDocument) => doc as unknown as PdfkitInternals;

/** The current page's font and XObject resources (name -> object), where content names what it uses. */
export function pageResources(doc: PDFKit.PDFDocument): {
  fonts: Record<string, PDFKit.PDFKitReference>;
  xobjects: Record<string, PDFKit.PDFKitReference>;
} {
  return doc.page as unknown as ReturnType<typeof pageResources>;
}

/** The current font (doc.font(...) sets it). */
export function currentFont(doc: PDFKit.PDFDocument): PdfkitEmbeddedFont {
  return internals(doc)._font;
}

/** The current font size in points (doc.fontSize(...) sets it). */
export function currentFontSize(doc: PDFKit.PDFDocument): number {
  return internals(doc)._fontSize;
}

/**
 * The lines pdfkit's line wrapper makes of `text` in `width` (those doc.text would draw, each
 * with what follows it on the line, its trailing space or line break), the step from one
 * line's top to the next, and their height as heightOfString gives it (which this follows).
 */
export function wrapLines(
  doc: PDFKit.PDFDocument,
  text: string,
  width: number,
): { lines: string[]; step: number; height: number } {
  const pdfkit = internals(doc);
  const { x, y } = doc;
  const options = pdfkit._initOptions({ width });
  options.height = Infinity;
  const step = doc.currentLineHeight(true) + (options.lineGap || pdfkit._lineGap || 0);
  const lines: string[] = [];
  pdfkit._text(text, doc.x, doc.y, options, (line) => {
    lines.push(line);
    doc.y += step;
  });
  const height = doc.y - y;
  doc.x = x;
  doc.y = y;
  return { lines, step, height };
}

/**
 * fontkit's cache of the glyph objects a font made (`font._glyphs`, by glyph id): getGlyph keeps
 * the first one it makes for an id, with the characters it was asked for. Undefined when the
 * font keeps none.
 */
export function fontkitGlyphCache(font: object): Record<number, unknown> | undefined {
  return (font as { _glyphs?: Record<number, unknown> })._glyphs;
}
