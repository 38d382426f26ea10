import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileBytes } from '../testing';
import { crc32 } from './crc32';
import { columnLetters, escapeXml } from './sheet-xml';
import { toXlsx } from './write-xlsx';
import { zipEntries } from './zip';

const encode = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;

describe('crc32 (the checksum of every ZIP entry)', () => {
  it('matches the reference vectors and continues across chunks', () => {
    expect(crc32(encode('The quick brown fox jumps over the lazy dog'))).toBe(0x414fa339);
    expect(crc32(encode('123456789'))).toBe(0xcbf43926);
    const whole = encode('x'.repeat(1000) + 'yz');
    expect(crc32(whole.subarray(500), crc32(whole.subarray(0, 500)))).toBe(crc32(whole));
  });
});

describe('zipEntries', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('writes a valid archive: local headers, central directory, end record', async () => {
    const bytes = fileBytes({ parts: await zipEntries([{ name: 'a.txt', chunks: [encode('hello')] }]) });
    const view = new DataView(bytes.buffer);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(view.getUint32(bytes.length - 22, true)).toBe(0x06054b50);
    expect(view.getUint16(bytes.length - 12, true)).toBe(1); // one entry
  });

  it('falls back to stored entries where CompressionStream is missing, still readable', async () => {
    vi.stubGlobal('CompressionStream', undefined);
    const parts = await toXlsx({ columns: ['a'], rows: [[1]] });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(fileBytes({ parts }).buffer);
    expect(workbook.worksheets[0]?.getCell('A2').value).toBe(1);
  });

  it('reports progress after each chunk of rows', async () => {
    const seen: number[] = [];
    const rows = Array.from({ length: 5 }, (_, index) => [index]);
    await toXlsx({ columns: ['n'], rows }, {}, (done) => void seen.push(done), 2);
    expect(seen).toEqual([2, 4, 5, 5]);
  });
});

describe('sheet XML helpers', () => {
  it('names columns like Excel', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
  it('escapes XML and drops forbidden control characters', () => {
    expect(escapeXml('a<b>&c\u0007')).toBe('a&lt;b&gt;&amp;c');
  });
});
