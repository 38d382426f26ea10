import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';

/** Runs a poppler tool (pdftotext, pdffonts, pdfinfo) on PDF bytes through a temporary file. */
function poppler(tool: string, args: string[], pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'gdf-pdf-'));
  const file = path.join(dir, 'document.pdf');
  try {
    writeFileSync(file, pdf);
    return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface PdfWord {
  text: string;
  /** xMin, yMin, xMax, yMax in points from the page's top-left corner. */
  box: [number, number, number, number];
}

/** Each word pdftotext finds on `page`, with its box. */
export function pdfWords(pdf: Buffer, page: number): PdfWord[] {
  const html = poppler('pdftotext', ['-bbox', '-f', String(page), '-l', String(page)], pdf);
  return [
    ...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g),
  ].map(([, xMin, yMin, xMax, yMax, text]) => ({
    text: text!,
    box: [Number(xMin), Number(yMin), Number(xMax), Number(yMax)],
  }));
}

/** The text a reader can select and search, in reading layout, exactly as extracted. */
export function pdfRawText(pdf: Buffer): string {
  return poppler('pdftotext', ['-layout', '-enc', 'UTF-8'], pdf);
}

/** Same, with the no-break spaces (U+00A0, U+202F) and runs of spaces folded into one space. */
export function pdfText(pdf: Buffer): string {
  return pdfRawText(pdf)
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/[ \t]+/g, ' ');
}

export interface PdfFontRow {
  name: string;
  embedded: boolean;
  subset: boolean;
}

export function pdfFontList(pdf: Buffer): PdfFontRow[] {
  const lines = poppler('pdffonts', [], pdf).trim().split('\n').slice(2);
  return lines.map((line) => {
    // name, type words..., encoding, emb, sub, uni, object, generation
    const columns = line.trim().split(/\s+/);
    const [emb, sub] = columns.slice(-5, -3);
    return { name: columns[0] ?? '', embedded: emb === 'yes', subset: sub === 'yes' };
  });
}

/** The XMP metadata packet (pdfinfo -meta): where PDF/A declares its part and conformance. */
export function pdfXmp(pdf: Buffer): string {
  return poppler('pdfinfo', ['-meta'], pdf);
}

export function pdfInfo(pdf: Buffer): Record<string, string> {
  const entries = poppler('pdfinfo', [], pdf)
    .trim()
    .split('\n')
    .map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).trim(), line.slice(at + 1).trim()] as [string, string];
    });
  return Object.fromEntries(entries);
}

/**
 * Code points the embedded fonts' ToUnicode maps give text back as: proof that a character
 * (say U+202F) was drawn with a real glyph and extracts as itself. pdftotext cannot show
 * it: poppler prints every kind of space as an ASCII space.
 */
export function pdfToUnicodeCodePoints(pdf: Buffer): Set<number> {
  const codePoints = new Set<number>();
  const source = pdf.toString('latin1');
  for (const match of source.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a Flate stream (or not compressed)
    }
    if (!content.includes('begincmap')) continue;
    for (const array of content.matchAll(/\[([^\]]*)\]/g)) {
      for (const hex of array[1]!.matchAll(/<([0-9a-fA-F]{4})>/g)) codePoints.add(parseInt(hex[1]!, 16));
    }
  }
  return codePoints;
}
