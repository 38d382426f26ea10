import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ZipWriter, crc32 } from './zip-writer';

describe('ZipWriter', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
  });

  it('writes stored entries with UTF-8 names that a ZIP reader lists and checks', () => {
    const zip = new ZipWriter(new Date(2024, 2, 1, 10, 30));
    const bytes = Buffer.concat([
      ...zip.entry('2024-FFME-1.pdf', Buffer.from('%PDF-1.7 un')),
      ...zip.entry('sommaire é.csv', Buffer.from('\uFEFFa;b\r\n')),
      ...zip.end(),
    ]);
    const file = join(mkdtempSync(join(tmpdir(), 'zip-')), 'pack.zip');
    writeFileSync(file, bytes);
    // The EOCD names 2 entries and the central directory's offset.
    const end = bytes.subarray(bytes.length - 22);
    expect(end.readUInt32LE(0)).toBe(0x06054b50);
    expect(end.readUInt16LE(10)).toBe(2);
    let listing: string;
    try {
      listing = execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // no unzip here: the structure checks above stand
      throw error;
    }
    expect(listing).toContain('No errors detected');
    expect(listing).toContain('2024-FFME-1.pdf');
  });

  it('R-JOB-02: a ZIP written in two processes, the second resumed from the first one’s state, is the same ZIP', () => {
    const when = new Date(2024, 2, 1, 10, 30);
    const files = [
      ['a.pdf', Buffer.from('%PDF-1.7 a')],
      ['b.pdf', Buffer.from('%PDF-1.7 bb')],
      ['c.pdf', Buffer.from('%PDF-1.7 ccc')],
    ] as const;
    const whole = new ZipWriter(when);
    const expected = Buffer.concat([...files.flatMap(([name, bytes]) => whole.entry(name, bytes)), ...whole.end()]);
    const first = new ZipWriter(when);
    const head = Buffer.concat(files.slice(0, 2).flatMap(([name, bytes]) => first.entry(name, bytes)));
    // Through JSON, as a job's checkpoint keeps it.
    const second = new ZipWriter(when, JSON.parse(JSON.stringify(first.state())));
    expect(() => second.entry('a.pdf', Buffer.from('x'))).toThrow(/double/);
    const tail = Buffer.concat([...second.entry(files[2][0], files[2][1]), ...second.end()]);
    expect(Buffer.concat([head, tail]).equals(expected)).toBe(true);
  });

  it("keeps none of the short buffers cut from Node's shared pool until the end of the pack", () => {
    // Between two entries of a pack, a document's queries cut small buffers from the same
    // 8 kB pools as Buffer.from(name): a name kept as such a slice kept its whole pool.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().arrayBuffers;
    // Each name kept as a slice would keep its 8 kB pool: 5,000 entries, 40 MB at least. The
    // bound leaves room for what other work of this process (its files share it) allocates.
    const entries = 5_000;
    const zip = new ZipWriter();
    for (let i = 0; i < entries; i++) {
      zip.entry(`facture-2024-${String(i).padStart(6, '0')}-Dupont Jean.pdf`, Buffer.alloc(100));
      for (let k = 0; k < 24; k++) Buffer.allocUnsafe(250);
    }
    gc();
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(16 * 1024 * 1024);
    expect(zip.end()).toHaveLength(2 * entries + 1);
  });

  it('refuses the same name twice', () => {
    const zip = new ZipWriter();
    zip.entry('a.pdf', Buffer.from('x'));
    expect(() => zip.entry('a.pdf', Buffer.from('y'))).toThrow(/double/);
  });
});
