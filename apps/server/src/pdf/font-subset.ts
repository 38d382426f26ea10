/**
 * A TrueType subset's font file written as fontkit's TTFSubset.encode writes it, byte for
 * byte, without re-encoding what every subset of the font shares. fontkit encodes each subset
 * through its generic structure encoder, one value at a time: the hinting tables every subset
 * copies unchanged (DejaVu Sans: 'cvt ' 255 values, 'prep' 1,384, 'fpgm' 171) cost about 0.6 ms
 * a subset, two subsets an invoice, about a fifth of rendering one.
 *
 * Here those tables, and 'head' (the same in every subset), are taken once per font from a
 * subset fontkit encoded itself; 'hhea' and 'maxp' from it too, with their glyph count set; the
 * glyphs are still copied by fontkit's own _addGlyph (composite glyphs pull in their parts).
 * font-subset.test.ts holds the result to fontkit's encode on random glyph sets.
 */

/** What this module uses of fontkit's TTFSubset (its glyph list and its glyph copier). */
export interface TrueTypeSubset {
  font: { loca: { version: number } };
  glyphs: number[];
  glyf: Uint8Array[];
  offset: number;
  loca: { offsets: number[]; version: number };
  hmtx: { metrics: Array<{ advance: number; bearing: number }>; bearings: number[] };
  _addGlyph(glyphId: number): number;
  encode(): Uint8Array;
}

/**
 * A TrueType subset of a font with 32-bit glyph offsets ('loca' version 1, both DejaVu fonts).
 * Others (CFF fonts, 16-bit offsets) are left to fontkit's encode.
 */
export function isLongLocaSubset(subset: unknown): subset is TrueTypeSubset {
  const candidate = subset as Partial<TrueTypeSubset> | null;
  return (
    typeof candidate?._addGlyph === 'function' &&
    typeof candidate.encode === 'function' &&
    candidate.font?.loca.version === 1
  );
}

/** The tables fontkit writes in a subset, in its order (the order of TTFSubset.encode's object). */
const TABLE_ORDER = ['head', 'hhea', 'loca', 'maxp', 'cvt ', 'prep', 'glyf', 'hmtx', 'fpgm'] as const;
type Tag = (typeof TABLE_ORDER)[number];

/** Byte offsets of the glyph counts fontkit sets in each subset (OpenType 'hhea' and 'maxp'). */
const HHEA_NUMBER_OF_METRICS = 34;
const MAXP_NUM_GLYPHS = 4;

/** A font's tables as fontkit encodes them in a subset, read from one subset fontkit encoded. */
export type SubsetTemplate = Map<Tag, Buffer>;

/** The tables of a font file written by fontkit (its table directory read back). */
export function subsetTemplate(encodedByFontkit: Uint8Array): SubsetTemplate {
  const file = Buffer.from(encodedByFontkit.buffer, encodedByFontkit.byteOffset, encodedByFontkit.byteLength);
  const tables: SubsetTemplate = new Map();
  const count = file.readUInt16BE(4);
  for (let entry = 0; entry < count; entry++) {
    const at = 12 + 16 * entry;
    const tag = file.toString('latin1', at, at + 4) as Tag;
    const offset = file.readUInt32BE(at + 8);
    tables.set(tag, Buffer.from(file.subarray(offset, offset + file.readUInt32BE(at + 12))));
  }
  const written = [...tables.keys()];
  if (written.join() !== TABLE_ORDER.join())
    throw new Error(`Sous-ensemble de police inattendu : tables ${written.join(', ')}`);
  return tables;
}

/**
 * Encodes `subset` as fontkit's TTFSubset.encode would, its shared tables from `template`.
 * Same glyph copying, same directory ('true', checksums 0, tables in fontkit's order, unpadded).
 */
export function encodeTrueTypeSubset(subset: TrueTypeSubset, template: SubsetTemplate): Buffer {
  subset.glyf = [];
  subset.offset = 0;
  subset.loca = { offsets: [], version: subset.font.loca.version };
  subset.hmtx = { metrics: [], bearings: [] };
  // _addGlyph may add a composite glyph's parts to the list as it goes.
  for (let index = 0; index < subset.glyphs.length; index++) subset._addGlyph(subset.glyphs[index]!);
  subset.loca.offsets.push(subset.offset);
  const glyphCount = subset.glyf.length;

  // One buffer for the whole file, as fontkit's encoder writes one: a few small buffers per
  // subset, freed only after a collection, raised a 1,000-invoice pack's peak by ~8 MB.
  const lengths: Record<Tag, number> = {
    head: template.get('head')!.length,
    hhea: template.get('hhea')!.length,
    loca: subset.loca.offsets.length * 4,
    maxp: template.get('maxp')!.length,
    'cvt ': template.get('cvt ')!.length,
    prep: template.get('prep')!.length,
    glyf: subset.offset,
    hmtx: subset.hmtx.metrics.length * 4,
    fpgm: template.get('fpgm')!.length,
  };
  const file = withDirectory(lengths);
  let at = 12 + 16 * TABLE_ORDER.length;
  for (const tag of TABLE_ORDER) {
    const start = at;
    switch (tag) {
      case 'loca':
        for (const offset of subset.loca.offsets) at = file.writeUInt32BE(offset, at);
        break;
      case 'glyf':
        for (const glyph of subset.glyf) {
          file.set(glyph, at);
          at += glyph.length;
        }
        break;
      case 'hmtx':
        for (const { advance, bearing } of subset.hmtx.metrics)
          at = file.writeInt16BE(bearing, file.writeUInt16BE(advance, at));
        break;
      default:
        at += template.get(tag)!.copy(file, at);
    }
    if (tag === 'hhea') file.writeUInt16BE(subset.hmtx.metrics.length, start + HHEA_NUMBER_OF_METRICS);
    if (tag === 'maxp') file.writeUInt16BE(glyphCount, start + MAXP_NUM_GLYPHS);
  }
  return file;
}

/**
 * A file with fontkit's Directory written ('true', search fields, entries with checksum 0) and
 * room for the tables after it, back to back in fontkit's order.
 */
function withDirectory(lengths: Record<Tag, number>): Buffer {
  const count = TABLE_ORDER.length;
  const directoryLength = 12 + 16 * count;
  const file = Buffer.alloc(directoryLength + TABLE_ORDER.reduce((sum, tag) => sum + lengths[tag], 0));
  file.write('true', 0, 'latin1');
  const maxPowerOf2 = 2 ** Math.floor(Math.log(count) / Math.LN2);
  file.writeUInt16BE(count, 4);
  file.writeUInt16BE(maxPowerOf2 * 16, 6);
  file.writeUInt16BE(Math.log(maxPowerOf2) / Math.LN2, 8);
  file.writeUInt16BE(count * 16 - maxPowerOf2 * 16, 10);
  let offset = directoryLength;
  TABLE_ORDER.forEach((tag, entry) => {
    const at = 12 + 16 * entry;
    file.write(tag, at, 'latin1');
    file.writeUInt32BE(0, at + 4);
    file.writeUInt32BE(offset, at + 8);
    file.writeUInt32BE(lengths[tag], at + 12);
    offset += lengths[tag];
  });
  return file;
}
