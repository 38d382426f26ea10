import { describe, expect, it } from 'vitest';
import { createPdfDocument } from './pdf-document';
import { FONT } from './page-format';
import { drawTable, fitRightAlignedColumns, type Column } from './pdf-layout';
import { measureCell } from './table-cells';

const CELLS = [
  '12/03/2026',
  '2026-FFME-0123456',
  '1\u202f234,56\u00a0€',
  '',
  'deux\nlignes',
  'fin en espace ',
  'Cotisation annuelle de la structure pour la saison 2025-2026, licences comprises',
  'mot',
];

describe('table cells (R-DOC-06)', () => {
  it('are as high as pdfkit measures them, with or without its line wrapper', () => {
    const doc = createPdfDocument({ title: 't', subject: 's', author: 'a', footer: 'pied' });
    doc.font(FONT.regular).fontSize(9);
    doc.y = 523.7;
    for (const width of [48, 68, 145])
      for (const text of CELLS)
        expect(measureCell(doc, text, width).height, `${text} @ ${width}`).toBe(doc.heightOfString(text, { width }));
  });

  it('keep an amount on one line: right-aligned columns widen to their widest cell, the label gives way', () => {
    const doc = createPdfDocument({ title: 't', subject: 's', author: 'a', footer: 'pied' });
    const columns: Column[] = [
      { header: 'Date', width: 62, align: 'left' },
      { header: 'Libellé', width: 300, align: 'left' },
      { header: 'Débit', width: 70, align: 'right' },
      { header: 'Solde', width: 68, align: 'right' },
    ];
    const rows = [
      ['01/09/2026', 'Solde initial', '', '40\u202f316\u202f290,70\u00a0€'],
      ['02/09/2026', 'Licence', '22,80\u00a0€', '40\u202f316\u202f313,50\u00a0€'],
    ];
    doc.font(FONT.regular).fontSize(9);
    expect(measureCell(doc, rows[0]![3]!, 68 - 10).height).toBeGreaterThan(measureCell(doc, 'x', 58).height);
    const fitted = fitRightAlignedColumns(doc, columns, rows, 1);
    for (const row of rows)
      row.forEach((cell, index) => {
        if (cell !== '') expect(measureCell(doc, cell, fitted[index]!.width - 10).lineWidth, cell).not.toBeNull();
      });
    expect(fitted[2]!.width).toBe(70); // wide enough already
    expect(fitted.reduce((sum, column) => sum + column.width, 0)).toBe(500);
    expect(fitted[1]!.width).toBeLessThan(300);
  });

  it("never takes the label below its minimum: a federation's amounts in millions share the rest and wrap", () => {
    const doc = createPdfDocument({ title: 't', subject: 's', author: 'a', footer: 'pied' });
    const amount = '1\u202f234\u202f567\u202f890,12\u00a0€';
    const columns: Column[] = [
      { header: 'Catégorie', width: 90, align: 'left' },
      ...['Facturé', 'Réglé', 'Rejeté', 'Relancé', 'Avoirs', 'Reste dû'].map((header) => ({
        header,
        width: 70,
        align: 'right' as const,
      })),
    ];
    const rows = [['Licences', amount, amount, `12 · ${amount}`, `3 · ${amount}`, amount, amount]];
    const fitted = fitRightAlignedColumns(doc, columns, rows, 0);
    expect(fitted[0]!.width).toBeGreaterThanOrEqual(60);
    expect(fitted.every((column) => column.width > 2 * 5)).toBe(true);
    expect(fitted.reduce((sum, column) => sum + column.width, 0)).toBeCloseTo(510, 6);
    // A header too wide for its column once made pdfkit add pages without end.
    let pages = 1;
    doc.on('pageAdded', () => pages++);
    drawTable(doc, fitted, rows, 700);
    expect(pages).toBeLessThanOrEqual(2);
  });
});
