/**
 * The fontkit work every document repeats, done once per process. pdfkit keeps its layout
 * cache per document and subsets each document's fonts anew: a pack of 1,000 invoices shaped
 * the same words 1,000 times (OpenType substitution and positioning of each word) and decoded
 * the same glyph outlines 1,000 times while subsetting, about half of an invoice's rendering.
 * The PDF bytes do not change: a shaped word or a decoded glyph depends only on the font.
 */

/** What pdfkit reads of a fontkit glyph run; the rest of the run is carried along untouched. */
interface GlyphRun {
  glyphs: object[];
  positions: object[];
}

interface Glyph {
  _decode(): unknown;
}

/** The part of a parsed fontkit font this module replaces. */
export interface FontkitFont {
  layout(text: string, features?: unknown, ...rest: unknown[]): GlyphRun;
  getGlyph(id: number, codePoints?: number[]): Glyph | null;
}

/** Words shaped kept per font, least recently used dropped first: a few hundred kB. */
export const SHAPED_WORDS_KEPT = 2_000;

/**
 * `font` seen through an object that remembers, across documents, the words it shaped and
 * the glyph outlines it decoded. Everything else is the font itself (its prototype), so
 * pdfkit and its subsetter use it as they use the font.
 */
export function withSharedWork<F extends FontkitFont>(font: F, wordsKept = SHAPED_WORDS_KEPT): F {
  const shaped = new Map<string, GlyphRun>();
  const glyphs = new Map<number, Glyph>();
  const shared = Object.create(font) as F;
  shared.layout = (text, features, ...rest) => {
    // Only the default shaping is remembered (pdfkit asks for it unless a text sets features).
    if (features !== undefined || rest.length > 0) return font.layout(text, features, ...rest);
    let run = shaped.get(text);
    if (run) shaped.delete(text);
    else {
      run = font.layout(text);
      if (shaped.size >= wordsKept) shaped.delete(shaped.keys().next().value!);
    }
    shaped.set(text, run);
    return copyOfRun(run);
  };
  // The subsetter decodes every glyph it copies only to find composite glyphs' parts.
  shared.getGlyph = (id, codePoints) => {
    const known = glyphs.get(id);
    if (known) return known;
    const glyph = font.getGlyph(id, codePoints);
    if (!glyph) return glyph;
    const remembered = Object.create(glyph) as Glyph;
    let decoded: { value: unknown } | undefined;
    remembered._decode = () => (decoded ??= { value: glyph._decode() }).value;
    glyphs.set(id, remembered);
    return remembered;
  };
  return shared;
}

/** pdfkit scales a run's positions in place: every caller gets its own positions. */
function copyOfRun(run: GlyphRun): GlyphRun {
  return Object.assign(Object.create(Object.getPrototypeOf(run) as object) as GlyphRun, run, {
    glyphs: run.glyphs.slice(),
    positions: run.positions.map((position) =>
      Object.assign(Object.create(Object.getPrototypeOf(position) as object) as object, position),
    ),
  });
}
