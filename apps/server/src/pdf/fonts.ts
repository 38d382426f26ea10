import { create as parseFont } from 'fontkit';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { assetPath } from '../lib/assets';
import { withSharedWork, type FontkitFont } from './shared-font';

/**
 * DejaVu Sans (assets/fonts, with its licence): French glyphs, '€', and the narrow no-break
 * space U+202F that Intl.NumberFormat('fr-FR') puts in amounts. Shipped with the code so
 * PDFs never depend on the fonts of the machine they run on.
 */
export const FONT_FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;
type FontWeight = keyof typeof FONT_FILES;

/** A parsed fontkit font; pdfkit 0.20 takes one wherever it takes font bytes. */
type ParsedFont = { layout: (...args: never[]) => unknown };
export type PdfFonts = Record<FontWeight, ParsedFont>;

let loaded: PdfFonts | undefined;

/**
 * Read and parsed once per process (R-DOC-06), then shared by every document:
 * re-parsing the font tables per document cost ~40 ms an invoice. The words they shape and
 * the glyphs they decode are kept across documents too (shared-font.ts).
 */
export function pdfFonts(): PdfFonts {
  if (!loaded) {
    loaded = { regular: parsedFont('regular'), bold: parsedFont('bold') };
  }
  return loaded;
}

/**
 * Parsed by the fontkit pdfkit imports: the same ES module (apps/server depends on the range
 * pdfkit does, so npm installs one copy), where requiring it would load its CommonJS build as
 * a second copy (about 2 MB).
 */
function parsedFont(weight: FontWeight): ParsedFont & FontkitFont {
  return withSharedWork(
    parseFont(readFileSync(path.join(fontsFolder(), FONT_FILES[weight]))) as ParsedFont & FontkitFont,
  );
}

/** apps/server/assets/fonts. */
export function fontsFolder(): string {
  return path.dirname(assetPath('fonts', FONT_FILES.regular));
}
