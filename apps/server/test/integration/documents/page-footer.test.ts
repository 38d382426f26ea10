import { describe, expect, it } from 'vitest';
import { createPdfDocument, pdfToBuffer } from '../../../src/pdf/pdf-document';
import { A4, CONTENT_WIDTH } from '../../../src/pdf/page-format';
import { drawTable } from '../../../src/pdf/pdf-layout';
import { pdfFontList, pdfInfo, pdfRawText, pdfWords } from './pdf-tools';

/** The footer's words on `page` (the lowest line) and their horizontal extent. */
function footerBox(pdf: Buffer, page: number): { text: string; left: number; right: number } {
  const words = pdfWords(pdf, page);
  const bottom = Math.max(...words.map((word) => word.box[1]));
  const line = words.filter((word) => word.box[1] === bottom);
  return {
    text: line.map((word) => word.text).join(' '),
    left: Math.min(...line.map((word) => word.box[0])),
    right: Math.max(...line.map((word) => word.box[2])),
  };
}

async function tableDocument(rows: number) {
  const doc = createPdfDocument({ title: 'Relevé', subject: 'Essai', author: 'Club', footer: 'Relevé RC-1 — Club' });
  const columns = [
    { header: 'Date', width: 100, align: 'left' as const },
    { header: 'Libellé', width: CONTENT_WIDTH - 200, align: 'left' as const },
    { header: 'Montant', width: 100, align: 'right' as const },
  ];
  const lines = Array.from({ length: rows }, (_, index) => [
    '12/03/2026',
    `Cotisation ${index + 1}`,
    '1\u202f234,56\u00a0€',
  ]);
  drawTable(doc, columns, lines, A4.margin);
  const pagesHeld = doc.bufferedPageRange().count;
  return { pdf: await pdfToBuffer(doc), pagesHeld };
}

describe('page footers (R-DOC-06)', () => {
  it("say 'page n/N' on every page, centred, while each page is written out as soon as it is full", async () => {
    const { pdf, pagesHeld } = await tableDocument(130);
    const pages = Number(pdfInfo(pdf).Pages);
    expect(pages).toBeGreaterThanOrEqual(3);
    // Only the page being drawn is held: the others were written when the next one started.
    expect(pagesHeld).toBe(1);
    for (let page = 1; page <= pages; page++) {
      const footer = footerBox(pdf, page);
      expect(footer.text).toBe(`Relevé RC-1 — Club — page ${page}/${pages}`);
      expect(Math.abs((footer.left + footer.right) / 2 - A4.width / 2)).toBeLessThan(1);
      expect(footer.left).toBeGreaterThan(A4.margin);
    }
    expect(pdfRawText(pdf)).toContain('Cotisation 130');
    expect(pdfFontList(pdf).every((font) => font.embedded && font.subset)).toBe(true);
  });

  it('say page 1/1 on a one-page document', async () => {
    const { pdf } = await tableDocument(3);
    expect(pdfInfo(pdf).Pages).toBe('1');
    expect(footerBox(pdf, 1).text).toBe('Relevé RC-1 — Club — page 1/1');
  });
});
