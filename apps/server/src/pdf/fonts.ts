import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { assetPath } from '../lib/assets';
import { withSharedWork, type FontkitFont } from './shared-font';

/**
 * DejaVu Sans (assets/fonts, with its licence): French glyphs, '€', and the narrow no-break
 * space U+202F that Intl.NumberFormat('fr-FR') puts in amounts. Shipped with the code so
 * PDFs never depend on the fonts of the machine they run on.
 */
export const FONT_FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;
export type FontWeight = keyof typeof FONT_FILES;

/** A parsed fontkit font; pdfkit 0.20 takes one wherever it takes font bytes. */
export type ParsedFont = { layout: (...args: never[]) => unknown };
export type PdfFonts = Record<FontWeight, ParsedFont>;

let loaded: PdfFonts | undefined;

/**
 * Read and parsed once per process (R-DOC-06), then shared by every document:
 * re-parsing the font tables per document cost ~40 ms an invoice. The words they shape and
 * the glyphs they decode are kept across documents too (shared-font.ts).
 */
export function pdfFonts(): PdfFonts {
  if (!loaded) {
    const fontkit = pdfkitFontkit();
    const folder = fontsFolder();
    loaded = {
      regular: withSharedWork(fontkit.create(readFileSync(path.join(folder, FONT_FILES.regular)))),
      bold: withSharedWork(fontkit.create(readFileSync(path.join(folder, FONT_FILES.bold)))),
    };
  }
  return loaded;
}

/** The very fontkit pdfkit depends on (resolved from pdfkit), so both agree on the font objects. */
function pdfkitFontkit(): { create(bytes: Uint8Array): ParsedFont & FontkitFont } {
  const fromHere = createRequire(import.meta.url);
  return createRequire(fromHere.resolve('pdfkit'))('fontkit');
}

/** apps/server/assets/fonts. */
export function fontsFolder(): string {
  return path.dirname(assetPath('fonts', FONT_FILES.regular));
}
