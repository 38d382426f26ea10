import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { create as parseFont } from 'fontkit';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { FONT_FILES, fontsFolder } from './fonts';
import { fontkitGlyphCache } from './pdfkit-internals';

const require = createRequire(import.meta.url);
const serverPackage = JSON.parse(
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'package.json'), 'utf8'),
) as { dependencies: Record<string, string> };
/** The version of the copy the server loads (its package.json, next to the resolved entry's package folder). */
const installed = (name: string) => {
  const entry = require.resolve(name);
  const folder = entry.slice(0, entry.lastIndexOf(`${path.sep}node_modules${path.sep}${name}${path.sep}`));
  const file = path.join(folder, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
};

/**
 * pdfkit-internals.ts and font-subset.ts read members pdfkit and fontkit do not document
 * (ADR 0044). Both are pinned to exact versions, and this test names the member that
 * moved when an upgrade changes one, before any document is drawn wrong.
 */
describe('pdfkit and fontkit: pinned, and the private members the documents use still there', () => {
  it('are pinned to exact versions, and those are the installed ones', () => {
    for (const name of ['pdfkit', 'fontkit']) {
      const wanted = serverPackage.dependencies[name];
      expect(wanted, `${name} doit être épinglé à une version exacte`).toMatch(/^\d+\.\d+\.\d+$/);
      expect(installed(name), `${name} installé`).toBe(wanted);
    }
  });

  it("pdfkit: a document's _font (id, ascender, scale, encode, ref), _fontSize, _initOptions and _text", () => {
    const doc = new PDFDocument({ autoFirstPage: true });
    doc.font(path.join(fontsFolder(), FONT_FILES.regular)).fontSize(11);
    const internals = doc as unknown as Record<string, unknown>;
    const font = internals._font as Record<string, unknown>;
    expect(typeof font.id, '_font.id').toBe('string');
    expect(typeof font.ascender, '_font.ascender').toBe('number');
    expect(typeof font.scale, '_font.scale').toBe('number');
    expect(typeof font.encode, '_font.encode').toBe('function');
    expect(typeof font.ref, '_font.ref').toBe('function');
    expect(internals._fontSize, '_fontSize').toBe(11);
    expect(typeof internals._initOptions, '_initOptions').toBe('function');
    expect(typeof internals._text, '_text').toBe('function');
    const [glyphs, positions] = (font.encode as (text: string) => [string[], Array<Record<string, number>>])('Aé');
    expect(glyphs).toHaveLength(2);
    expect(Object.keys(positions[0]!)).toEqual(
      expect.arrayContaining(['xAdvance', 'xOffset', 'yOffset', 'advanceWidth']),
    );
    doc.end();
  });

  it("fontkit: a font's _glyphs, the glyph objects getGlyph made and keeps (shared-font.ts drops a subset's parts)", () => {
    const font = parseFont(readFileSync(path.join(fontsFolder(), FONT_FILES.regular))) as unknown as {
      getGlyph(id: number, codePoints?: number[]): object;
    };
    expect(fontkitGlyphCache(font), '_glyphs').toBeTypeOf('object');
    expect(fontkitGlyphCache(font)?.[36], '_glyphs[36] avant getGlyph').toBeUndefined();
    const glyph = font.getGlyph(36, [0x41]);
    expect(fontkitGlyphCache(font)?.[36], '_glyphs[36] : le glyphe que getGlyph a fait').toBe(glyph);
    expect(font.getGlyph(36), 'getGlyph rend le glyphe gardé').toBe(glyph);
  });

  it("fontkit: a TrueType subset's _addGlyph, glyphs, glyf, loca and hmtx", () => {
    const font = parseFont(readFileSync(path.join(fontsFolder(), FONT_FILES.regular))) as unknown as {
      createSubset(): Record<string, unknown> & { includeGlyph(id: number): number; encode(): Uint8Array };
    };
    const subset = font.createSubset();
    subset.includeGlyph(36);
    expect(typeof subset._addGlyph, '_addGlyph').toBe('function');
    expect(Array.isArray(subset.glyphs), 'glyphs').toBe(true);
    subset.encode();
    expect(Array.isArray(subset.glyf), 'glyf').toBe(true);
    expect((subset.loca as { offsets?: unknown }).offsets, 'loca.offsets').toBeInstanceOf(Array);
    expect((subset.hmtx as { metrics?: unknown }).metrics, 'hmtx.metrics').toBeInstanceOf(Array);
    expect(typeof subset.offset, 'offset').toBe('number');
  });
});
