import type { PdfkitEmbeddedFont } from './pdfkit-internals';
import { composableCharacters } from './shared-font';

/**
 * Amounts, dates and numbers measured and encoded from their characters, without pdfkit's
 * layout. A 10,000-line statement has 26,000 different ones, each measured twice and encoded
 * once: every time pdfkit built a glyph run of its characters (positions as objects), and kept
 * the runs for the whole document, about 100 MB of garbage per statement, most of it promoted
 * to V8's old generation before it died.
 *
 * Only texts made of the characters the font shapes alone qualify (shared-font.ts): such a
 * text is shaped as its characters side by side, so its width and glyphs follow from theirs.
 * The results are pdfkit's to the bit: widths summed in pdfkit's order, glyphs added to the
 * document's subset in the order pdfkit's encode adds them (composed-text.test.ts).
 */

interface CharacterShape {
  /** Its advance in thousandths of the font size, as pdfkit scales it. */
  advance: number;
  /** Its glyph in the document's subset (4 hex digits), once encoded in this document. */
  glyph?: string;
  /** What the shaper adds after it (pdfkit: xAdvance - advanceWidth), once encoded. */
  kerning?: number;
  /** The shaper moves it off its pen position: such a text is left to pdfkit. */
  offset?: boolean;
}

/** A document's font's characters, by UTF-16 code: shapes read once per document (glyph ids are per document). */
interface ComposedFont {
  composable: ReadonlySet<number>;
  shapes: Map<number, CharacterShape>;
}

const COMPOSED = Symbol('composed characters');
type WithComposed = PdfkitEmbeddedFont & { [COMPOSED]?: ComposedFont };
const SPACE = 0x20;

function composedFont(font: PdfkitEmbeddedFont): ComposedFont {
  const withComposed = font as WithComposed;
  if (!withComposed[COMPOSED]) {
    const characters = font.font ? composableCharacters(font.font) : [];
    const codes = [...characters].filter((c) => c.length === 1).map((c) => c.charCodeAt(0));
    withComposed[COMPOSED] = { composable: new Set(codes), shapes: new Map() };
  }
  return withComposed[COMPOSED];
}

/** The shape of the character `code`, or null when it is not composable. */
function shapeOf(font: PdfkitEmbeddedFont, composed: ComposedFont, code: number): CharacterShape | null {
  let shape = composed.shapes.get(code);
  if (!shape) {
    if (!composed.composable.has(code)) return null;
    const run = font.font!.layout(String.fromCharCode(code)); // composable: the font is fontkit's
    shape = { advance: run.positions[0]!.xAdvance * font.scale };
    composed.shapes.set(code, shape);
  }
  return shape.offset ? null : shape;
}

/** Whether every character of `text` (not empty) is composable. */
function isComposed(font: PdfkitEmbeddedFont, composed: ComposedFont, text: string): boolean {
  if (text === '') return false;
  for (let index = 0; index < text.length; index++) if (!shapeOf(font, composed, text.charCodeAt(index))) return false;
  return true;
}

/**
 * `doc.widthOfString(text)` in `font` at `size`, or null when `text` is not made of composable
 * characters. pdfkit sums each word's advances (a word ends after a space), then the words,
 * scales by size / 1000, then applies its character spacing (0) and horizontal scaling (100 %).
 */
export function composedWidth(font: PdfkitEmbeddedFont, text: string, size: number): number | null {
  const composed = composedFont(font);
  if (!isComposed(font, composed, text)) return null;
  let total = 0;
  let word = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    word += composed.shapes.get(code)!.advance;
    if (code === SPACE) {
      total += word;
      word = 0;
    }
  }
  total += word;
  return ((total * (size / 1000) + 0 * (text.length - 1)) * 100) / 100;
}

/**
 * The glyphs of `text` in the document's subset, each with the kerning after it, as pdfkit's
 * encode gives them; null when `text` is not made of composable characters or one is offset.
 * A character met for the first time in the document is encoded by pdfkit (which adds its
 * glyph to the subset, its width and its Unicode value) where pdfkit would have met it.
 */
export function composedGlyphs(
  font: PdfkitEmbeddedFont,
  text: string,
): { glyphs: string[]; kernings: number[] } | null {
  const composed = composedFont(font);
  if (!isComposed(font, composed, text)) return null;
  const glyphs: string[] = [];
  const kernings: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const shape = composed.shapes.get(text.charCodeAt(index))!;
    if (shape.glyph === undefined) {
      const [[glyph], [placement]] = font.encode(text[index]!);
      if (glyph === undefined || !placement) return null;
      shape.glyph = glyph;
      shape.kerning = placement.xAdvance - placement.advanceWidth;
      shape.offset = placement.xOffset !== 0 || placement.yOffset !== 0;
    }
    // An offset glyph is placed by lineShowing; its text is encoded again by pdfkit, in the same order.
    if (shape.offset) return null;
    glyphs.push(shape.glyph);
    kernings.push(shape.kerning!);
  }
  return { glyphs, kernings };
}
