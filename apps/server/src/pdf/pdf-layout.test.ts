import { describe, expect, it } from 'vitest';
import { FONT, createPdfDocument } from './pdf-document';
import { cellHeight } from './pdf-layout';

describe('table cell heights (R-DOC-06)', () => {
  it('are what pdfkit measures, with or without its line wrapper', () => {
    const doc = createPdfDocument({ title: 't', subject: 's', author: 'a' });
    doc.font(FONT.regular).fontSize(9);
    doc.y = 523.7;
    const cells = [
      '12/03/2026',
      '2026-FFME-0123456',
      '1\u202f234,56\u00a0€',
      '',
      'deux\nlignes',
      'Cotisation annuelle de la structure pour la saison 2025-2026, licences comprises',
      'mot',
    ];
    for (const width of [48, 68, 145])
      for (const text of cells)
        expect(cellHeight(doc, text, width), `${text} @ ${width}`).toBe(doc.heightOfString(text, { width }));
  });
});
