import { create as parseFont } from 'fontkit';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FONT_FILES, fontsFolder } from './fonts';
import { encodeTrueTypeSubset, isLongLocaSubset, subsetTemplate, type TrueTypeSubset } from './font-subset';

interface ParsedFont {
  numGlyphs: number;
  createSubset(): TrueTypeSubset & { includeGlyph(id: number): number };
  layout(text: string): { glyphs: Array<{ id: number }> };
  getGlyph(id: number): { _decode(): { numberOfContours: number } | null };
}

const parse = (weight: keyof typeof FONT_FILES) =>
  parseFont(readFileSync(path.join(fontsFolder(), FONT_FILES[weight]))) as unknown as ParsedFont;

describe("a font subset's file written without re-encoding its shared tables (R-DOC-06)", () => {
  for (const weight of ['regular', 'bold'] as const) {
    const font = parse(weight);
    const template = subsetTemplate(font.createSubset().encode());
    const subsetOf = (glyphs: readonly number[]) => {
      const subset = font.createSubset();
      for (const glyph of glyphs) subset.includeGlyph(glyph);
      return subset;
    };
    // Accented capitals and ligatures are composite glyphs in DejaVu: their parts join the subset.
    const composite = font
      .layout('ÉÈÀÇÔÛœŒﬁﬂǅ')
      .glyphs.map((glyph) => glyph.id)
      .filter((id) => (font.getGlyph(id)._decode()?.numberOfContours ?? 0) < 0);

    it(`is fontkit's encoding byte for byte, composite glyphs included (${weight})`, () => {
      expect(composite.length).toBeGreaterThan(3);
      fc.assert(
        fc.property(
          fc.array(fc.oneof(fc.integer({ min: 0, max: font.numGlyphs - 1 }), fc.constantFrom(...composite)), {
            maxLength: 120,
          }),
          (glyphs) => {
            const ours = encodeTrueTypeSubset(subsetOf(glyphs), template);
            expect(ours.equals(Buffer.from(subsetOf(glyphs).encode()))).toBe(true);
          },
        ),
        { numRuns: 60 },
      );
    });
  }

  it('is used for TrueType subsets with 32-bit glyph offsets only', () => {
    expect(isLongLocaSubset(parse('regular').createSubset())).toBe(true);
    const encode = () => new Uint8Array();
    const addGlyph = () => 0;
    expect(isLongLocaSubset({ _addGlyph: addGlyph, encode, font: { loca: { version: 1 } } })).toBe(true);
    expect(isLongLocaSubset({ _addGlyph: addGlyph, encode, font: { loca: { version: 0 } } })).toBe(false);
    expect(isLongLocaSubset({ encode, font: { loca: { version: 1 } } })).toBe(false); // a CFF subset
  });

  it('refuses a font file whose tables are not the ones fontkit writes in a subset', () => {
    const file = Buffer.from(parse('regular').createSubset().encode());
    file.write('xxxx', 12, 'latin1'); // the first table's tag
    expect(() => subsetTemplate(file)).toThrow('Sous-ensemble de police inattendu');
  });
});
