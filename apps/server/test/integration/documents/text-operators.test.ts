import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPdfDocument, pdfToBuffer } from '../../../src/pdf/pdf-document';
import { A4, FONT } from '../../../src/pdf/page-format';
import { showTextOperators, type PdfkitEmbeddedFont } from '../../../src/pdf/text-operators';

/** Each word pdftotext finds on page 1, with its box (points). */
function words(pdf: Buffer) {
  const dir = mkdtempSync(path.join(tmpdir(), 'gdf-text-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
    return [
      ...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g),
    ].map(([, xMin, yMin, xMax, yMax, text]) => ({ text, box: [xMin, yMin, xMax, yMax].map(Number) }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const document = () => {
  const doc = createPdfDocument({ title: 't', subject: 's', author: 'a', footer: 'pied' });
  return doc.font(FONT.regular).fontSize(11);
};

describe('a line shown with our own text operators (page footers)', () => {
  // Kerned pairs (AV, Te, Wy, T.) and a combining accent (e + U+0301) the shaper offsets.
  const line = 'AVATAR — Tête à Wyoming T. Ve\u0301ronique 1\u202f234,56 €';
  const at = { x: 87.25, top: 300.5 };

  it('puts every word where pdfkit puts it, and extracts as the same text', async () => {
    const byPdfkit = document();
    byPdfkit.text(line, at.x, at.top, { lineBreak: false });
    const expected = words(await pdfToBuffer(byPdfkit));

    const ours = document();
    const font = (ours as unknown as { _font: PdfkitEmbeddedFont })._font;
    (ours.page as unknown as { fonts: Record<string, unknown> }).fonts[font.id] = font.ref();
    ours.addContent(`q 1 0 0 -1 0 ${A4.height} cm`);
    ours.addContent(showTextOperators(font, 11, line, at.x, A4.height - at.top));
    ours.addContent('Q');
    const actual = words(await pdfToBuffer(ours));

    expect(actual.map((word) => word.text)).toEqual(expected.map((word) => word.text));
    actual.forEach((word, index) =>
      word.box.forEach((value, side) =>
        expect(value, `${word.text} [${side}]`).toBeCloseTo(expected[index]!.box[side]!, 2),
      ),
    );
  });
});
