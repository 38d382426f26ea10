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

  const hhea = Buffer.from(template.get('hhea')!);
  hhea.writeUInt16BE(subset.hmtx.metrics.length, HHEA_NUMBER_OF_METRICS);
  const maxp = Buffer.from(template.get('maxp')!);
  maxp.writeUInt16BE(glyphCount, MAXP_NUM_GLYPHS);
  const tables: Record<Tag, Buffer> = {
    head: template.get('head')!,
    hhea,
    loca: locaTable(subset.loca),
    maxp,
    'cvt ': template.get('cvt ')!,
    prep: template.get('prep')!,
    glyf: Buffer.concat(subset.glyf),
    hmtx: hmtxTable(subset.hmtx.metrics),
    fpgm: template.get('fpgm')!,
  };
  return withDirectory(tables);
}

/** 'loca' with 32-bit offsets (version 1, DejaVu's): see isLongLocaSubset. */
function locaTable({ offsets }: { offsets: number[] }): Buffer {
  const table = Buffer.alloc(offsets.length * 4);
  offsets.forEach((offset, index) => table.writeUInt32BE(offset, index * 4));
  return table;
}

/** 'hmtx': an advance and a left side bearing per glyph, no trailing bearings. */
function hmtxTable(metrics: ReadonlyArray<{ advance: number; bearing: number }>): Buffer {
  const table = Buffer.alloc(metrics.length * 4);
  metrics.forEach(({ advance, bearing }, index) => {
    table.writeUInt16BE(advance, index * 4);
    table.writeInt16BE(bearing, index * 4 + 2);
  });
  return table;
}

/** fontkit's Directory: tag 'true', search fields, entries (checksum 0), then the tables back to back. */
function withDirectory(tables: Record<Tag, Buffer>): Buffer {
  const count = TABLE_ORDER.length;
  const header = Buffer.alloc(12 + 16 * count);
  header.write('true', 0, 'latin1');
  const maxPowerOf2 = 2 ** Math.floor(Math.log(count) / Math.LN2);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(maxPowerOf2 * 16, 6);
  header.writeUInt16BE(Math.log(maxPowerOf2) / Math.LN2, 8);
  header.writeUInt16BE(count * 16 - maxPowerOf2 * 16, 10);
  let offset = header.length;
  TABLE_ORDER.forEach((tag, entry) => {
    const at = 12 + 16 * entry;
    header.write(tag, at, 'latin1');
    header.writeUInt32BE(0, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(tables[tag].length, at + 12);
    offset += tables[tag].length;
  });
  return Buffer.concat([header, ...TABLE_ORDER.map((tag) => tables[tag])]);
}
