import { crc32 } from './crc32';
import { createDeflateRaw, createUtf8Encoder, type DeflateRawStream } from './web-platform';

/**
 * A minimal ZIP writer (the container of an .xlsx): deflate through the platform's
 * CompressionStream, available in browsers, Web Workers and Node >= 18, so no zip library
 * is needed. One volume, no ZIP64 (an export stays far below 4 GB).
 */

export type Bytes = Uint8Array<ArrayBuffer>;

export interface ZipEntry {
  /** Path inside the archive, e.g. 'xl/worksheets/sheet1.xml'. */
  name: string;
  /** The entry's bytes, in order; may be produced lazily (progress, memory). */
  chunks: Iterable<Bytes> | AsyncIterable<Bytes>;
}

interface WrittenEntry {
  nameBytes: Bytes;
  crc: number;
  size: number;
  compressedSize: number;
  method: number;
  offset: number;
}

const DEFLATE = 8;
const STORE = 0;
const UTF8_NAMES = 0x0800;

async function readAll(stream: DeflateRawStream['readable']): Promise<Bytes[]> {
  const parts: Bytes[] = [];
  const reader = stream.getReader();
  for (let result = await reader.read(); !result.done; result = await reader.read()) parts.push(result.value as Bytes);
  return parts;
}

async function packEntry(entry: ZipEntry) {
  let crc = 0;
  let size = 0;
  const compression = createDeflateRaw();
  if (!compression) {
    // No CompressionStream('deflate-raw') (very old browser): store, still a valid archive.
    const data: Bytes[] = [];
    for await (const chunk of entry.chunks) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      data.push(chunk);
    }
    return { data, crc, size, method: STORE };
  }
  const compressed = readAll(compression.readable); // read while writing, or backpressure stalls
  const writer = compression.writable.getWriter();
  for await (const chunk of entry.chunks) {
    crc = crc32(chunk, crc);
    size += chunk.length;
    await writer.write(chunk);
  }
  await writer.close();
  return { data: await compressed, crc, size, method: DEFLATE };
}

/** MS-DOS time and date fields of a ZIP header. */
function dosDateTime(date: Date): [number, number] {
  const time = (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1);
  const day = ((Math.max(date.getFullYear(), 1980) - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  return [time, day];
}

function localHeader(entry: WrittenEntry, time: number, day: number): Bytes {
  const header = new Uint8Array(30 + entry.nameBytes.length);
  const view = new DataView(header.buffer);
  view.setUint32(0, 0x04034b50, true);
  view.setUint16(4, 20, true); // version needed: 2.0 (deflate)
  view.setUint16(6, UTF8_NAMES, true);
  view.setUint16(8, entry.method, true);
  view.setUint16(10, time, true);
  view.setUint16(12, day, true);
  view.setUint32(14, entry.crc, true);
  view.setUint32(18, entry.compressedSize, true);
  view.setUint32(22, entry.size, true);
  view.setUint16(26, entry.nameBytes.length, true);
  header.set(entry.nameBytes, 30);
  return header;
}

function centralHeader(entry: WrittenEntry, time: number, day: number): Bytes {
  const header = new Uint8Array(46 + entry.nameBytes.length);
  const view = new DataView(header.buffer);
  view.setUint32(0, 0x02014b50, true);
  view.setUint16(4, 20, true); // made by: MS-DOS, 2.0
  view.setUint16(6, 20, true);
  view.setUint16(8, UTF8_NAMES, true);
  view.setUint16(10, entry.method, true);
  view.setUint16(12, time, true);
  view.setUint16(14, day, true);
  view.setUint32(16, entry.crc, true);
  view.setUint32(20, entry.compressedSize, true);
  view.setUint32(24, entry.size, true);
  view.setUint16(28, entry.nameBytes.length, true);
  view.setUint32(42, entry.offset, true);
  header.set(entry.nameBytes, 46);
  return header;
}

function endOfCentralDirectory(count: number, size: number, offset: number): Bytes {
  const record = new Uint8Array(22);
  const view = new DataView(record.buffer);
  view.setUint32(0, 0x06054b50, true);
  view.setUint16(8, count, true);
  view.setUint16(10, count, true);
  view.setUint32(12, size, true);
  view.setUint32(16, offset, true);
  return record;
}

/** Builds a ZIP archive; returns its bytes as parts (ready for `new Blob(parts)`). */
export async function zipEntries(entries: readonly ZipEntry[], modified = new Date()): Promise<Bytes[]> {
  const [time, day] = dosDateTime(modified);
  const encoder = createUtf8Encoder();
  const parts: Bytes[] = [];
  const written: WrittenEntry[] = [];
  let offset = 0;
  for (const entry of entries) {
    const { data, crc, size, method } = await packEntry(entry);
    const compressedSize = data.reduce((total, part) => total + part.length, 0);
    const info = { nameBytes: encoder.encode(entry.name) as Bytes, crc, size, compressedSize, method, offset };
    const header = localHeader(info, time, day);
    parts.push(header);
    for (const part of data) parts.push(part); // no spread: thousands of parts would overflow arguments
    written.push(info);
    offset += header.length + compressedSize;
  }
  const central = written.map((entry) => centralHeader(entry, time, day));
  const centralSize = central.reduce((total, part) => total + part.length, 0);
  parts.push(...central, endOfCentralDirectory(written.length, centralSize, offset));
  return parts;
}
