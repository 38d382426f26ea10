import { create as parseFont } from 'fontkit';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FONT_FILES, fontsFolder } from './fonts';
import { NUMERIC_CHARACTERS, independentCharacters, withSharedWork, type FontkitFont } from './shared-font';

const parse = (weight: keyof typeof FONT_FILES = 'regular') =>
  parseFont(readFileSync(path.join(fontsFolder(), FONT_FILES[weight]))) as FontkitFont;

/** What a layout gives pdfkit: glyph ids, positions and the run's width. */
function shape(run: ReturnType<FontkitFont['layout']>) {
  return {
    glyphs: run.glyphs.map((glyph) => (glyph as { id: number }).id),
    positions: run.positions.map((position) => ({ ...(position as { xAdvance: number }) })),
    advanceWidth: (run as unknown as { advanceWidth: number }).advanceWidth,
  };
}

/** A small document drawn with `font`: wrapped text, repeated words, an amount with U+202F, composite glyphs (é, ç). */
function render(font: FontkitFont): Promise<Buffer> {
  const doc = new PDFDocument({ compress: true, info: { CreationDate: new Date(Date.UTC(2026, 0, 2)) } });
  doc.registerFont('Texte', font as unknown as Uint8Array);
  doc.font('Texte').fontSize(10);
  for (let line = 0; line < 3; line++)
    doc.text(`Facture n° 2026-${line} — reçu 1\u202f234,56 € — échéance le 12/03/2026, déjà réglée`, { width: 200 });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.end();
  });
}

/** A fake font that counts its work. */
function countingFont() {
  const calls = { layout: 0, decode: 0 };
  const font: FontkitFont = {
    layout: (text) => {
      calls.layout++;
      return { glyphs: [{ id: text.length }], positions: [{ xAdvance: 600, yAdvance: 0, xOffset: 0, yOffset: 0 }] };
    },
    getGlyph: (id) => ({
      id,
      _decode: () => {
        calls.decode++;
        return { numberOfContours: id };
      },
    }),
  };
  return { font, calls };
}

describe('fonts shared by every document (R-DOC-06)', () => {
  it('give the same PDF bytes as a font parsed for the document alone, first and again', async () => {
    const alone = await render(parse());
    const shared = withSharedWork(parse());
    expect((await render(shared)).equals(alone)).toBe(true);
    expect((await render(shared)).equals(alone)).toBe(true);
  });

  it('shape a word once, and give every caller positions of its own to scale', () => {
    const { font, calls } = countingFont();
    const shared = withSharedWork(font, { composable: '' });
    const first = shared.layout('Facture');
    (first.positions[0] as { xAdvance: number }).xAdvance *= 0.01;
    const again = shared.layout('Facture');
    expect(calls.layout).toBe(1);
    expect(again.positions[0]).toEqual({ xAdvance: 600, yAdvance: 0, xOffset: 0, yOffset: 0 });
    // Features other than the default shaping are not remembered.
    shared.layout('Facture', ['smcp']);
    expect(calls.layout).toBe(2);
  });

  it('keep at most the words allowed, dropping the least recently used', () => {
    const { font, calls } = countingFont();
    const shared = withSharedWork(font, { wordsKept: 2, composable: '' });
    shared.layout('un');
    shared.layout('deux');
    shared.layout('un'); // 'un' is now the most recent
    shared.layout('trois'); // drops 'deux'
    expect(calls.layout).toBe(3);
    shared.layout('un');
    expect(calls.layout).toBe(3);
    shared.layout('deux');
    expect(calls.layout).toBe(4);
  });

  it('shape amounts, dates and numbers from their characters exactly as the font shapes them whole', () => {
    for (const weight of ['regular', 'bold'] as const) {
      const alone = parse(weight);
      const shared = withSharedWork(parse(weight));
      expect(independentCharacters(alone, NUMERIC_CHARACTERS)).toEqual(new Set(NUMERIC_CHARACTERS));
      fc.assert(
        fc.property(
          fc.string({ unit: fc.constantFrom(...NUMERIC_CHARACTERS), minLength: 2, maxLength: 24 }),
          (text) => {
            expect(shape(shared.layout(text))).toEqual(shape(alone.layout(text)));
          },
        ),
        { numRuns: 300 },
      );
      for (const text of ['1\u202f234,56\u00a0€', '12/03/2026 ', '−5,5\u00a0%', '40\u202f319\u202f001,50\u00a0€'])
        expect(shape(shared.layout(text)), text).toEqual(shape(alone.layout(text)));
    }
  });

  it('leave out of the composed words a character the font kerns with a neighbour', () => {
    // A fake font that kerns 'A' before 'V', as real fonts do.
    const layout = (text: string) => ({
      glyphs: [...text].map((character) => ({ id: character.codePointAt(0)! })),
      positions: [...text].map((character, index) => ({
        xAdvance: character === 'A' && text[index + 1] === 'V' ? 500 : 600,
        yAdvance: 0,
        xOffset: 0,
        yOffset: 0,
      })),
    });
    const font: FontkitFont = { layout, getGlyph: () => null };
    expect(independentCharacters(font, 'AV0')).toEqual(new Set(['V', '0']));
    expect(shape(withSharedWork(font).layout('0A')).positions.map((position) => position.xAdvance)).toEqual([600, 600]);
  });

  it('decode a glyph once for every subset that copies it', () => {
    const { font, calls } = countingFont();
    const shared = withSharedWork(font);
    expect(shared.getGlyph(5)?._decode()).toEqual({ numberOfContours: 5 });
    expect(shared.getGlyph(5)?._decode()).toEqual({ numberOfContours: 5 });
    expect(calls.decode).toBe(1);
  });

  it("keep every letter's characters after a subset copied it as a composite's part ('I' of 'Î')", () => {
    // fontkit keeps the first glyph object it makes for an id: made for the subsetter with no
    // characters, 'I' reached every later document without one, and the PDFs' text lost it.
    const shared = withSharedWork(parse());
    const subset = shared.createSubset!() as { includeGlyph(id: number): number; encode(): unknown };
    for (const glyph of shared.layout('Île').glyphs as Array<{ id: number }>) subset.includeGlyph(glyph.id);
    subset.encode();
    const later = shared.layout('SIREN').glyphs as Array<{ codePoints: number[] }>;
    expect(later.map((glyph) => String.fromCodePoint(...glyph.codePoints)).join('')).toBe('SIREN');
  });
});
