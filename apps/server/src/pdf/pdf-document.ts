import PDFDocument from 'pdfkit';
import { pdfFonts } from './fonts';
import { installPageFooters } from './page-footer';
import { A4, FONT } from './page-format';

export interface PdfMeta {
  title: string;
  subject: string;
  author: string;
  /** The document's own date (an issued document: when it was issued), else now. */
  createdAt?: Date;
  /** PDF/A-3b (ISO 19005-3): sRGB output intent and pdfaid in the XMP; Factur-X invoices are. */
  archival?: boolean;
  /** Written at the foot of every page, followed by ' — page n/N'. */
  footer: string;
}

/**
 * Each document's footers, written when pdfToBuffer ends it. A property of the document, not
 * a WeakMap: V8 keeps a WeakMap's entries through its minor collections, so every invoice of
 * a 1,000-invoice pack lived until a full collection (about 100 MB more resident memory).
 */
const PAGE_FOOTERS = Symbol('page footers');
type WithFooters = PDFKit.PDFDocument & { [PAGE_FOOTERS]?: { write(): void } };

/**
 * pdfkit copies Title, Author and Subject into the XMP metadata unescaped: text that XML
 * would read as markup is reworded so the XMP stays well-formed and equal to the Info dictionary.
 */
function metadataText(text: string): string {
  return text.replaceAll('&', 'et').replace(/[<>]/g, '');
}

/**
 * A4 portrait, compressed, French, with the two embedded (subset) fonts registered and the
 * page footers in place. The regular font is also the default font, so pdfkit never loads
 * Helvetica: every font in the file is embedded. Each page is written out when the next one
 * starts: memory stays flat whatever the page count.
 */
export function createPdfDocument(meta: PdfMeta): PDFKit.PDFDocument {
  const fonts = pdfFonts();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'portrait',
    margin: A4.margin,
    compress: true,
    pdfVersion: '1.7',
    ...(meta.archival ? { subset: 'PDF/A-3b' as const } : {}),
    lang: 'fr-FR',
    displayTitle: true,
    // No default font: pdfkit would load Helvetica, or, given ours, look it up afresh (a new
    // font object and a comparison of its name tables) at every doc.font(FONT.regular).
    font: null as unknown as string,
    info: {
      Title: metadataText(meta.title),
      Subject: metadataText(meta.subject),
      Author: metadataText(meta.author),
      Creator: 'Gestion des finances',
      ...(meta.createdAt ? { CreationDate: meta.createdAt } : {}),
    },
  });
  // Typed as font bytes, but pdfkit 0.20 takes a parsed font too: nothing read or parsed per document.
  doc.registerFont(FONT.regular, fonts.regular as unknown as Uint8Array);
  doc.registerFont(FONT.bold, fonts.bold as unknown as Uint8Array);
  // Every page starts in the regular font, as pdfkit's default font did.
  doc.font(FONT.regular);
  doc.on('pageAdded', () => doc.font(FONT.regular));
  (doc as WithFooters)[PAGE_FOOTERS] = installPageFooters(doc, meta.footer);
  return doc;
}

/** Writes the page footers, ends the document and collects its bytes. */
export function pdfToBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  (doc as WithFooters)[PAGE_FOOTERS]?.write();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
