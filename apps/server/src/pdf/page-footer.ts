import { A4, COLOR, CONTENT_WIDTH, FONT } from './page-format';
import { currentFont, pageResources } from './pdfkit-internals';
import { textWidth } from './table-cells';
import { pdfNumber, rgbOperands, showTextOperators } from './text-operators';

const FOOTER_SIZE = 7.5;
/** The footer line's top, inside the bottom margin. */
const FOOTER_TOP = A4.height - A4.margin + 8;

/**
 * 'text — page n/N' at the foot of every page, although N is known only once the last page is
 * drawn. Each page shows its own form XObject, still empty; `write` fills them all at the end.
 * So pages are written out as they are finished (pdfkit's bufferPages, which kept every page
 * of a 500-page statement in memory to come back to it, is not needed).
 */
export function installPageFooters(doc: PDFKit.PDFDocument, text: string): { write(): void } {
  const forms: PDFKit.PDFKitReference[] = [];
  const place = () => {
    const form = doc.ref({ Type: 'XObject', Subtype: 'Form', BBox: [0, 0, A4.width, A4.height] });
    // One short line: compressing it would cost more time (a deflate per page) than it saves bytes.
    form.compress = false;
    forms.push(form);
    const name = `Pied${forms.length}`;
    pageResources(doc).xobjects[name] = form;
    // pdfkit draws top-down (it flips the page's space when it adds a page); the form is written in PDF space.
    doc.addContent(`q 1 0 0 -1 0 ${pdfNumber(A4.height)} cm /${name} Do Q`);
  };
  place(); // pdfkit adds the first page when the document is created
  doc.on('pageAdded', place);
  return {
    write() {
      doc.removeListener('pageAdded', place);
      doc.font(FONT.regular).fontSize(FOOTER_SIZE);
      const font = currentFont(doc);
      forms.forEach((form, index) => {
        const line = `${text} — page ${index + 1}/${forms.length}`;
        const x = A4.margin + (CONTENT_WIDTH - textWidth(doc, line)) / 2;
        const top = A4.height - FOOTER_TOP;
        (form.data as Record<string, unknown>).Resources = { Font: { [font.id]: font.ref() } };
        form.end(`${rgbOperands(COLOR.muted)} rg\n${showTextOperators(font, FOOTER_SIZE, line, x, top)}`);
      });
    },
  };
}
