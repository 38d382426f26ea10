import fc from 'fast-check';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { composedGlyphs, composedWidth } from './composed-text';
import { createPdfDocument, pdfToBuffer } from './pdf-document';
import { A4, FONT } from './page-format';
import { currentFont } from './pdfkit-internals';
import { NUMERIC_CHARACTERS } from './shared-font';
import {
  addPdfSpaceContent,
  encodeByPdfkit,
  encodeLine,
  lineShowing,
  textObject,
  type EncodedLine,
} from './text-operators';

const newDocument = () =>
  createPdfDocument({
    title: 't',
    subject: 's',
    author: 'a',
    footer: 'pied',
    createdAt: new Date(Date.UTC(2026, 10, 28)),
  });

/** Amounts, dates and numbers as the documents write them, and random texts of their characters. */
const SAMPLES = [
  '1\u202f234,56\u00a0€',
  '12/03/2026',
  '−5,5\u00a0%',
  '40\u202f319\u202f001,50\u00a0€',
  '2026-000123',
  '3 ',
  ' 7',
];
const numericText = fc.string({ unit: fc.constantFrom(...NUMERIC_CHARACTERS), minLength: 1, maxLength: 24 });

/** Shows `texts` one per line, each encoded by `encode`: the page and the font subset depend on every glyph id. */
async function documentShowing(texts: readonly string[], encode: typeof encodeLine) {
  const doc = newDocument();
  const lines: EncodedLine[] = [];
  for (const weight of [FONT.regular, FONT.bold]) {
    doc.font(weight).fontSize(9);
    const font = currentFont(doc);
    const encoded = texts.map((text) => encode(font, text));
    lines.push(...encoded);
    addPdfSpaceContent(doc, font, [
      textObject(
        font,
        9,
        encoded.map((line, index) => lineShowing(font, 9, line, A4.margin, A4.height - A4.margin - index * 11)),
      ),
    ]);
  }
  return { lines, bytes: await pdfToBuffer(doc) };
}

describe('amounts, dates and numbers measured and encoded from their characters (R-DOC-06)', () => {
  it('measure a text exactly as pdfkit does, in both fonts and any size', () => {
    const doc = newDocument();
    fc.assert(
      fc.property(
        fc.oneof(numericText, fc.constantFrom(...SAMPLES)),
        fc.constantFrom(FONT.regular, FONT.bold),
        fc.constantFrom(7.5, 8.5, 9, 10, 11, 22),
        (text, weight, size) => {
          doc.font(weight).fontSize(size);
          expect(composedWidth(currentFont(doc), text, size)).toBe(doc.widthOfString(text));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('encode texts into the same glyphs, kerning and font subset as pdfkit, in the order met', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(numericText, fc.constantFrom(...SAMPLES)), { minLength: 1, maxLength: 30 }),
        async (texts) => {
          const composed = await documentShowing(texts, encodeLine);
          const byPdfkit = await documentShowing(texts, encodeByPdfkit);
          expect(composed.lines).toEqual(byPdfkit.lines);
          expect(composed.bytes.equals(byPdfkit.bytes)).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('leave to pdfkit a text with any other character, an empty one, or a standard PDF font', () => {
    const doc = newDocument();
    const font = currentFont(doc);
    for (const text of ['', 'AV', 'Total 12,00 €', '12\t3', '12,00 € – réglé', '\u{1F600}1'])
      expect([composedWidth(font, text, 9), composedGlyphs(font, text)], text).toEqual([null, null]);
    // A standard PDF font (not embedded, no fontkit font): pdfkit measures it.
    const helvetica = currentFont(new PDFDocument().font('Helvetica'));
    expect(composedWidth(helvetica, '12,00', 9)).toBeNull();
  });
});
