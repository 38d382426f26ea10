import { describe, expect, it } from 'vitest';
import { createPdfDocument, pdfToBuffer } from '../../../src/pdf/pdf-document';
import { A4, FONT } from '../../../src/pdf/page-format';
import { currentFont } from '../../../src/pdf/pdfkit-internals';
import { cellShowings, measureCell, type Align, type CellMeasure } from '../../../src/pdf/table-cells';
import { addPdfSpaceContent, showTextOperators, textObject } from '../../../src/pdf/text-operators';
import { pdfWords, type PdfWord } from './pdf-tools';

/** One cell drawn as drawTable draws it: our operators when it can, else pdfkit. */
function drawCell(
  doc: PDFKit.PDFDocument,
  text: string,
  box: { x: number; y: number; width: number },
  align: Align,
  measure: CellMeasure,
): void {
  const showings = cellShowings(doc, box, align, measure);
  if (showings) addPdfSpaceContent(doc, currentFont(doc), [textObject(currentFont(doc), 9, showings)]);
  else doc.text(text, box.x, box.y, { width: box.width, align });
}

const document = (size: number) => {
  const doc = createPdfDocument({ title: 't', subject: 's', author: 'a', footer: 'pied' });
  return doc.font(FONT.regular).fontSize(size);
};

/** The words of page 1 but the footer's (its line is the lowest). */
async function bodyWords(doc: PDFKit.PDFDocument): Promise<PdfWord[]> {
  const words = pdfWords(await pdfToBuffer(doc), 1);
  const footer = Math.max(...words.map((word) => word.box[1]));
  return words.filter((word) => word.box[1] !== footer);
}

function expectSamePlaces(actual: PdfWord[], expected: PdfWord[], what: string) {
  expect(
    actual.map((word) => word.text),
    what,
  ).toEqual(expected.map((word) => word.text));
  actual.forEach((word, index) =>
    word.box.forEach((value, side) =>
      expect(value, `${what}: ${word.text} [${side}]`).toBeCloseTo(expected[index]!.box[side]!, 2),
    ),
  );
}

describe('text shown with our own operators (page footers, one-line table cells)', () => {
  // Kerned pairs (AV, Te, Wy, T.) and a combining accent (e + U+0301) the shaper offsets.
  const line = 'AVATAR — Tête à Wyoming T. Ve\u0301ronique 1\u202f234,56 €';

  it('puts every word where pdfkit puts it, and extracts as the same text', async () => {
    const at = { x: 87.25, top: 300.5 };
    const byPdfkit = document(11);
    byPdfkit.text(line, at.x, at.top, { lineBreak: false });
    const ours = document(11);
    addPdfSpaceContent(ours, currentFont(ours), [
      showTextOperators(currentFont(ours), 11, line, at.x, A4.height - at.top),
    ]);
    expectSamePlaces(await bodyWords(ours), await bodyWords(byPdfkit), line);
  });

  it('places table cells as pdfkit places them in their width, one line or wrapped', async () => {
    const cells = [
      '12/03/2026',
      '1\u202f234,56\u00a0€',
      'AVATAR Tête',
      'fin en espace ',
      'deux\nlignes',
      'Cotisation annuelle de la structure pour la saison 2025-2026',
    ];
    const box = { x: 100.5, y: 200.25, width: 68 };
    for (const align of ['left', 'right', 'center'] as Align[])
      for (const text of cells) {
        const byPdfkit = document(9);
        byPdfkit.text(text, box.x, box.y, { width: box.width, align });
        const ours = document(9);
        drawCell(ours, text, box, align, measureCell(ours, text, box.width));
        expectSamePlaces(await bodyWords(ours), await bodyWords(byPdfkit), `${align} « ${text} »`);
      }
  });
});
