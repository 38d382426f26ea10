import PDFDocument from 'pdfkit';
import { pdfFonts } from './fonts';

/** A4 portrait in PDF points, with the margins every document uses. */
export const A4 = { width: 595.28, height: 841.89, margin: 48 } as const;
export const CONTENT_WIDTH = A4.width - 2 * A4.margin;

export const FONT = { regular: 'Regular', bold: 'Bold' } as const;

export interface PdfMeta {
  title: string;
  subject: string;
  author: string;
  /** The document's own date (an issued document: when it was issued), else now. */
  createdAt?: Date;
}

/**
 * A4 portrait, compressed, French, with the two embedded (subset) fonts registered.
 * The regular font is also the default font, so pdfkit never loads Helvetica: every
 * font in the file is embedded.
 */
export function createPdfDocument(meta: PdfMeta): PDFKit.PDFDocument {
  const fonts = pdfFonts();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'portrait',
    margin: A4.margin,
    compress: true,
    // Pages stay in memory until the end so the footer can say 'page n/N'.
    bufferPages: true,
    pdfVersion: '1.7',
    lang: 'fr-FR',
    displayTitle: true,
    // Typed as a file path, but pdfkit 0.20 takes a parsed font too: nothing read or parsed per document.
    font: fonts.regular as unknown as string,
    info: {
      Title: meta.title,
      Subject: meta.subject,
      Author: meta.author,
      Creator: 'Gestion des finances',
      ...(meta.createdAt ? { CreationDate: meta.createdAt } : {}),
    },
  });
  doc.registerFont(FONT.regular, fonts.regular as unknown as Uint8Array);
  doc.registerFont(FONT.bold, fonts.bold as unknown as Uint8Array);
  return doc;
}

/** Ends the document and collects its bytes. */
export function pdfToBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
