/**
 * A minimal streaming ZIP writer (store method: PDFs are already compressed): each entry is
 * held whole (one document, so memory stays flat), its CRC-32 computed, then its local header
 * and bytes are yielded; the central directory follows the last entry. No ZIP64: a pack is
 * capped far below 4 GiB. Its state (offset and central-directory records) is plain data a
 * durable job checkpoints and another process resumes from (R-JOB-02), which fflate's Zip
 * cannot do: its entries live in private fields and its directory's offsets start at 0 (ADR 0019).
 */
import { crc32 as zlibCrc32 } from 'node:zlib';

/** The entry's CRC-32 (ISO 3309, as ZIP wants it), computed natively by zlib (Node >= 20.15). */
export function crc32(bytes: Uint8Array): number {
  return zlibCrc32(bytes);
}

const MAX_ZIP32 = 0xffffffff;
/** General purpose flag bit 11: names are UTF-8. */
const UTF8_NAMES = 0x0800;

export interface CentralRecord {
  /**
   * The name as text, encoded again for the central directory: a short Buffer.from() is a
   * slice of Node's shared 8 kB pool, and keeping it for the whole pack would keep its pool
   * (and the other short-lived buffers cut from it) until the pack ends.
   */
  name: string;
  crc: number;
  size: number;
  offset: number;
  time: number;
  date: number;
}

/** Where a ZIP stands after its entries so far: enough to go on writing it in another process. */
export interface ZipState {
  offset: number;
  records: CentralRecord[];
}

/** Builds a ZIP as a sequence of chunks; `entry` then `end`, each returning what to send. */
export class ZipWriter {
  private readonly records: CentralRecord[];
  private offset: number;
  private readonly names: Set<string>;

  /** `resume`: a ZIP whose first entries were written before (a job resumed after its last step). */
  constructor(
    private readonly now: Date = new Date(),
    resume?: ZipState,
  ) {
    this.records = resume ? resume.records.map((record) => ({ ...record })) : [];
    this.offset = resume?.offset ?? 0;
    this.names = new Set(this.records.map((record) => record.name));
  }

  /** The entries written so far, as `resume` takes them. */
  state(): ZipState {
    return { offset: this.offset, records: this.records.map((record) => ({ ...record })) };
  }

  /** The local header and bytes of one stored file. */
  entry(name: string, bytes: Buffer): Buffer[] {
    if (this.names.has(name)) throw new Error(`Entrée ZIP en double : ${name}`);
    this.names.add(name);
    const encodedName = Buffer.from(name, 'utf8');
    const { time, date } = dosDateTime(this.now);
    const crc = crc32(bytes);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed: 2.0
    header.writeUInt16LE(UTF8_NAMES, 6);
    header.writeUInt16LE(0, 8); // method: store
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(bytes.length, 18);
    header.writeUInt32LE(bytes.length, 22);
    header.writeUInt16LE(encodedName.length, 26);
    header.writeUInt16LE(0, 28);
    this.records.push({ name, crc, size: bytes.length, offset: this.offset, time, date });
    this.offset += header.length + encodedName.length + bytes.length;
    if (this.offset > MAX_ZIP32) throw new Error('Archive ZIP trop volumineuse (plus de 4 Gio)');
    return [header, encodedName, bytes];
  }

  /** The central directory and its end record. */
  end(): Buffer[] {
    const chunks: Buffer[] = [];
    let size = 0;
    for (const record of this.records) {
      const name = Buffer.from(record.name, 'utf8');
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(20, 4); // made by: 2.0
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(UTF8_NAMES, 8);
      header.writeUInt16LE(0, 10);
      header.writeUInt16LE(record.time, 12);
      header.writeUInt16LE(record.date, 14);
      header.writeUInt32LE(record.crc, 16);
      header.writeUInt32LE(record.size, 20);
      header.writeUInt32LE(record.size, 24);
      header.writeUInt16LE(name.length, 28);
      // extra, comment, disk, internal attributes: 0; external attributes: 0; offset:
      header.writeUInt32LE(record.offset, 42);
      chunks.push(header, name);
      size += header.length + name.length;
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.records.length, 8);
    end.writeUInt16LE(this.records.length, 10);
    end.writeUInt32LE(size, 12);
    end.writeUInt32LE(this.offset, 16);
    chunks.push(end);
    return chunks;
  }
}

/** MS-DOS date and time (local fields, 2-second precision), as ZIP stores them. */
function dosDateTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((Math.max(date.getFullYear(), 1980) - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}
