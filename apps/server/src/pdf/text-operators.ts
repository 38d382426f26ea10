import { composedGlyphs } from './composed-text';
import { pageResources, type PdfkitEmbeddedFont } from './pdfkit-internals';

/**
 * PDF content operators that show one line of text: for a page footer written once the page
 * count is known (pdfkit can only draw on the current page), and for the one-line cells of a
 * long table (pdfkit's text call costs more than the glyphs it shows). Glyphs come from
 * pdfkit's own embedded font, so they join its subset and its ToUnicode map like any text it draws.
 */

/** A number as PDF content writes it: at most six decimals, no exponent. */
export function pdfNumber(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

/** '#5f6368' as the operands of `rg` (DeviceRGB fill colour). */
export function rgbOperands(hex: string): string {
  return [1, 3, 5].map((at) => pdfNumber(Number.parseInt(hex.slice(at, at + 2), 16) / 255)).join(' ');
}

/**
 * A line of text as glyphs of the document's subset, ready to be shown anywhere: `[…] TJ` with
 * the kerning when no glyph is offset (the same wherever the line goes), else its glyphs and
 * their placements.
 */
export type EncodedLine =
  { array: string } | { array: null; glyphs: string[]; placements: ReturnType<PdfkitEmbeddedFont['encode']>[1] };

/**
 * Encodes `text` in `font` (its glyphs join the document's subset): amounts, dates and numbers
 * from their characters' glyphs (composed-text.ts), other texts by pdfkit.
 */
export function encodeLine(font: PdfkitEmbeddedFont, text: string): EncodedLine {
  const composed = composedGlyphs(font, text);
  if (composed) return { array: kernedShowArray(composed.glyphs, composed.kernings) };
  return encodeByPdfkit(font, text);
}

/** `text` encoded by pdfkit's layout, whatever its characters. */
export function encodeByPdfkit(font: PdfkitEmbeddedFont, text: string): EncodedLine {
  const [glyphs, placements] = font.encode(text);
  if (placements.some((placement) => placement.xOffset || placement.yOffset))
    return { array: null, glyphs, placements };
  return {
    array: kernedShowArray(
      glyphs,
      placements.map((placement) => placement.xAdvance - placement.advanceWidth),
    ),
  };
}

/** `[…] TJ` of the glyphs, each followed by the kerning after it when it has one. */
function kernedShowArray(glyphs: readonly string[], kernings: readonly number[]): string {
  let kerned = ''; // the TJ array so far: glyph strings each followed by its kerning
  let run = ''; // glyphs since the last kerning
  glyphs.forEach((glyph, index) => {
    run += glyph;
    const kerning = kernings[index]!;
    if (kerning !== 0) {
      kerned += `<${run}> ${pdfNumber(-kerning)} `;
      run = '';
    }
  });
  return showArray(kerned, run);
}

/**
 * The operators, inside a text object (BT … ET, font set), that show `line` with its top-left
 * corner at (x, top) in PDF space (y upwards), as pdfkit places a line: the baseline one
 * ascender below the top. A glyph the shaper offsets (a combining mark) gets its own text matrix.
 */
export function lineShowing(font: PdfkitEmbeddedFont, size: number, line: EncodedLine, x: number, top: number): string {
  const scale = size / 1000;
  const baseline = top - font.ascender * scale;
  if (line.array !== null) return line.array && `${textMatrix(x, baseline)}\n${line.array}`;
  let operators = textMatrix(x, baseline);
  let kerned = '';
  let run = '';
  let penX = x;
  line.placements.forEach((placement, index) => {
    if (placement.xOffset || placement.yOffset) {
      operators += `\n${showArray(kerned, run)}`;
      kerned = run = '';
      const at = textMatrix(penX + placement.xOffset * scale, baseline + placement.yOffset * scale);
      operators += `\n${at}\n[<${line.glyphs[index]}>] TJ\n${textMatrix(penX + placement.xAdvance * scale, baseline)}`;
    } else {
      run += line.glyphs[index];
      const kerning = placement.xAdvance - placement.advanceWidth;
      if (kerning !== 0) {
        kerned += `<${run}> ${pdfNumber(-kerning)} `;
        run = '';
      }
    }
    penX += placement.xAdvance * scale;
  });
  return `${operators}\n${showArray(kerned, run)}`.trimEnd();
}

/** One text object of lines shown in `font` at `size` (each from lineShowing). */
export function textObject(font: PdfkitEmbeddedFont, size: number, showings: readonly string[]): string {
  return `BT\n/${font.id} ${pdfNumber(size)} Tf\n${showings.filter(Boolean).join('\n')}\nET`;
}

/** `BT … ET` showing `text` with its top-left corner at (x, top) in PDF space: see lineShowing. */
export function showTextOperators(
  font: PdfkitEmbeddedFont,
  size: number,
  text: string,
  x: number,
  top: number,
): string {
  return textObject(font, size, [lineShowing(font, size, encodeLine(font, text), x, top)]);
}

const textMatrix = (x: number, y: number) => `1 0 0 1 ${pdfNumber(x)} ${pdfNumber(y)} Tm`;

/** `[…] TJ` of the kerned glyphs and the last run, or '' when both are empty. */
function showArray(kerned: string, run: string): string {
  const items = `${kerned}${run ? `<${run}>` : ''}`.trimEnd();
  return items ? `[${items}] TJ` : '';
}

/**
 * Adds operators written in PDF space (y upwards) to the current page, which pdfkit draws
 * top-down (it flips the page's space when it adds a page), and lists `font` in the page's resources.
 */
export function addPdfSpaceContent(doc: PDFKit.PDFDocument, font: PdfkitEmbeddedFont, operators: string[]): void {
  if (operators.length === 0) return;
  pageResources(doc).fonts[font.id] ??= font.ref();
  doc.addContent(`q 1 0 0 -1 0 ${pdfNumber(doc.page.height)} cm\n${operators.join('\n')}\nQ`);
}
