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
 * `BT … ET` showing `text` with its top-left corner at (x, top) in PDF space (y upwards), as
 * pdfkit places a line: the baseline one ascender below the top. Kerning goes into the TJ
 * array; a glyph the shaper offsets (a combining mark) gets its own text matrix.
 */
export function showTextOperators(
  font: PdfkitEmbeddedFont,
  size: number,
  text: string,
  x: number,
  top: number,
): string {
  const [glyphs, placements] = font.encode(text);
  const scale = size / 1000;
  const baseline = top - font.ascender * scale;
  let operators = `BT\n/${font.id} ${pdfNumber(size)} Tf\n${textMatrix(x, baseline)}`;
  let kerned = ''; // the TJ array so far: glyph strings each followed by its kerning
  let run = ''; // glyphs since the last kerning
  let penX = x;
  placements.forEach((placement, index) => {
    if (placement.xOffset || placement.yOffset) {
      operators += showArray(kerned, run);
      kerned = run = '';
      const at = textMatrix(penX + placement.xOffset * scale, baseline + placement.yOffset * scale);
      operators += `\n${at}\n[<${glyphs[index]}>] TJ\n${textMatrix(penX + placement.xAdvance * scale, baseline)}`;
    } else {
      run += glyphs[index];
      const kerning = placement.xAdvance - placement.advanceWidth;
      if (kerning !== 0) {
        kerned += `<${run}> ${pdfNumber(-kerning)} `;
        run = '';
      }
    }
    penX += placement.xAdvance * scale;
  });
  return `${operators}${showArray(kerned, run)}\nET`;
}

const textMatrix = (x: number, y: number) => `1 0 0 1 ${pdfNumber(x)} ${pdfNumber(y)} Tm`;

/** `[…] TJ` of the kerned glyphs and the last run, or nothing when both are empty. */
function showArray(kerned: string, run: string): string {
  const items = `${kerned}${run ? `<${run}>` : ''}`.trimEnd();
  return items ? `\n[${items}] TJ` : '';
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
