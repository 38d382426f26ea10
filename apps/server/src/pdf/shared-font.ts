/**
 * The fontkit work every document repeats, done once per process. pdfkit keeps its layout
 * cache per document and subsets each document's fonts anew: a pack of 1,000 invoices shaped
 * the same words 1,000 times (OpenType substitution and positioning of each word) and decoded
 * the same glyph outlines 1,000 times while subsetting, about half of an invoice's rendering.
 * The PDF bytes do not change: a shaped word or a decoded glyph depends only on the font.
 *
 * Amounts, dates and numbers are words of their own, nearly all different (a statement of
 * 10,000 lines has 26,000 of them): they are put together from their characters' shapes when
 * the font shapes those characters alone, whatever their neighbours (checked on the font).
 * Each document's font subsets are written without re-encoding the tables every subset shares
 * (font-subset.ts).
 */

import {
  encodeTrueTypeSubset,
  isLongLocaSubset,
  subsetTemplate,
  type SubsetTemplate,
  type TrueTypeSubset,
} from './font-subset';
import { fontkitGlyphCache } from './pdfkit-internals';

/** What pdfkit reads of a fontkit glyph run; the rest of the run is carried along untouched. */
interface GlyphRun {
  glyphs: object[];
  positions: object[];
}

/** fontkit's GlyphPosition, in font units. */
interface GlyphPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}

interface Glyph {
  _decode(): unknown;
}

/** The part of a parsed fontkit font this module replaces. */
export interface FontkitFont {
  layout(text: string, features?: unknown, ...rest: unknown[]): GlyphRun;
  getGlyph(id: number, codePoints?: number[]): Glyph | null;
  createSubset?(): unknown;
}

/**
 * Words shaped kept per font, least recently used dropped first. A few MB: after a pack of
 * 1,000 invoices the two fonts' words held 52,000 glyph positions, 2.9 MB (heap snapshot).
 */
const SHAPED_WORDS_KEPT = 2_000;

/**
 * Characters of amounts, dates and numbers ('1 234,56 €', '12/03/2026', '-5 %'): those of
 * them the font shapes independently (see independentCharacters) are shaped one by one.
 */
export const NUMERIC_CHARACTERS = '0123456789 \u00a0\u202f,.:/%+-\u2212€';

/**
 * `font` seen through an object that remembers, across documents, the words it shaped and
 * the glyph outlines it decoded. Everything else is the font itself (its prototype), so
 * pdfkit and its subsetter use it as they use the font.
 */
export function withSharedWork<F extends FontkitFont>(
  font: F,
  { wordsKept = SHAPED_WORDS_KEPT, composable = NUMERIC_CHARACTERS } = {},
): F {
  const shaped = new Map<string, GlyphRun>();
  const glyphs = new Map<number, Glyph>();
  const characters = new Map<string, GlyphRun>();
  let independent: Set<string> | undefined;
  const shapeCharacter = (character: string) => {
    let run = characters.get(character);
    if (!run) characters.set(character, (run = font.layout(character)));
    return run;
  };
  const composableSet = () => (independent ??= independentCharacters(font, composable, shapeCharacter));
  const shared = Object.create(font) as F & WithComposable;
  shared[COMPOSABLE] = composableSet;
  shared.layout = (text, features, ...rest) => {
    // Only the default shaping is remembered (pdfkit asks for it unless a text sets features).
    if (features !== undefined || rest.length > 0) return font.layout(text, features, ...rest);
    const alone = composableSet();
    if (text.length > 1 && [...text].every((character) => alone.has(character)))
      return joinRuns([...text].map(shapeCharacter));
    let run = shaped.get(text);
    if (run) shaped.delete(text);
    else {
      run = font.layout(text);
      if (shaped.size >= wordsKept) shaped.delete(shaped.keys().next().value!);
    }
    shaped.set(text, run);
    return copyOfRun(run);
  };
  // Each document's subset writes its font file without re-encoding the tables every subset shares.
  const createSubset = font.createSubset;
  if (createSubset) {
    let template: SubsetTemplate | undefined;
    shared.createSubset = () => {
      const subset = createSubset.call(shared);
      if (!isLongLocaSubset(subset)) return subset;
      template ??= subsetTemplate((createSubset.call(shared) as TrueTypeSubset).encode());
      subset.encode = () => encodeTrueTypeSubset(subset, template!);
      return subset;
    };
  }
  // The subsetter decodes every glyph it copies only to find composite glyphs' parts.
  shared.getGlyph = (id, codePoints) => {
    const known = glyphs.get(id);
    if (known) return known;
    // fontkit keeps the first glyph object it makes for an id, with the characters it was asked
    // for, and the subsetter asks for a composite's parts with none ('I' in 'Î'). Kept so in a
    // font every document shares, that letter reached every later layout with no character and
    // left the PDFs' text (ToUnicode): a part made for the subsetter is not kept by fontkit.
    const keptBefore = fontkitGlyphCache(font)?.[id] !== undefined;
    const glyph = font.getGlyph(id, codePoints);
    const kept = fontkitGlyphCache(font);
    if (!keptBefore && !codePoints?.length && kept) delete kept[id];
    if (!glyph) return glyph;
    const remembered = Object.create(glyph) as Glyph;
    let decoded: { value: unknown } | undefined;
    remembered._decode = () => (decoded ??= { value: glyph._decode() }).value;
    glyphs.set(id, remembered);
    return remembered;
  };
  return shared;
}

const COMPOSABLE = Symbol('composable characters');
type WithComposable = { [COMPOSABLE]?: () => ReadonlySet<string> };

/**
 * The characters a font from withSharedWork shapes alone: a word made only of them is shaped
 * as its characters side by side (composed-text.ts measures and encodes such words so). None
 * for another font.
 */
export function composableCharacters(font: object): ReadonlySet<string> {
  return (font as WithComposable)[COMPOSABLE]?.() ?? new Set();
}

/** pdfkit scales a run's positions in place: every caller gets its own positions. */
function copyOfRun(run: GlyphRun): GlyphRun {
  return joinRuns([run]);
}

/**
 * One run of the runs' glyphs and positions, otherwise like the first run (script, features).
 * Positions are copied as plain objects: pdfkit reads and scales their four fields only.
 */
function joinRuns(runs: readonly GlyphRun[]): GlyphRun {
  const first = runs[0]!;
  const glyphs: object[] = [];
  const positions: GlyphPosition[] = [];
  for (const run of runs) {
    for (const glyph of run.glyphs) glyphs.push(glyph);
    for (const { xAdvance, yAdvance, xOffset, yOffset } of run.positions as GlyphPosition[])
      positions.push({ xAdvance, yAdvance, xOffset, yOffset });
  }
  return Object.assign(Object.create(Object.getPrototypeOf(first) as object) as GlyphRun, first, { glyphs, positions });
}

/**
 * The candidates the font shapes alone: each gives one glyph, and followed by any candidate
 * shapes as the two characters' shapes side by side (no kerning, ligature or contextual form
 * between them). A character that fails is left out, so no failing pair can occur in a word
 * made of those kept. Computed once per font (one layout per ordered pair, about 70 ms).
 */
export function independentCharacters(
  font: Pick<FontkitFont, 'layout'>,
  candidates: string,
  shapeCharacter: (character: string) => GlyphRun = (character) => font.layout(character),
): Set<string> {
  const alone = [...candidates].filter((character) => shapeCharacter(character).glyphs.length === 1);
  const sideBySide = (first: string, second: string) =>
    sameShape(font.layout(first + second), joinRuns([shapeCharacter(first), shapeCharacter(second)]));
  return new Set(alone.filter((first) => alone.every((second) => sideBySide(first, second))));
}

function sameShape(a: GlyphRun, b: GlyphRun): boolean {
  const ids = (run: GlyphRun) => run.glyphs.map((glyph) => (glyph as { id?: number }).id);
  return (
    JSON.stringify(ids(a)) === JSON.stringify(ids(b)) &&
    JSON.stringify(a.positions) === JSON.stringify(b.positions) &&
    JSON.stringify((a as { features?: unknown }).features) === JSON.stringify((b as { features?: unknown }).features)
  );
}
