import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { insertContent } from '../../../src/db/content-store';
import { openContent } from '../../../src/modules/document-store/document-store.service';
import { testDatabaseTargets } from '../support/databases';
import { sha256 } from './legacy-files';

/** A stored content is read a slice at a time and checked against its SHA-256 as it streams. */
describe.each(testDatabaseTargets())('stored contents on $name', (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(() => database?.close());

  const store = (bytes: Buffer) =>
    database.transaction((tx) => insertContent(tx, { nature: 'depot', bytes, mimeType: 'application/pdf' }));
  const collect = async (body: Buffer | Readable) => {
    if (Buffer.isBuffer(body)) return body;
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  it('size and checksum are stored with the bytes; slices put back the same bytes', async () => {
    const bytes = randomBytes(20);
    const stored = await store(bytes);
    expect(stored).toMatchObject({ size: 20, sha256: sha256(bytes) });
    const content = await openContent(database, stored.id, 7);
    expect(content?.body).toBeInstanceOf(Readable);
    expect((await collect(content!.body)).equals(bytes)).toBe(true);
    expect(await openContent(database, stored.id + 1000)).toBeNull();
  });

  it('an invoice-sized content, every byte value, comes back the same in one slice or in many', async () => {
    // Base64 on the wire: 40,000 bytes are 53,334 characters in lines of 76; slices of
    // 1,000 bytes are not a multiple of 3, so each slice's text ends padded.
    const bytes = Buffer.from(Array.from({ length: 40_000 }, (_, i) => (i * 7 + (i >> 8)) % 256));
    const stored = await store(bytes);
    const whole = await openContent(database, stored.id);
    expect(Buffer.isBuffer(whole?.body)).toBe(true);
    expect((whole!.body as Buffer).equals(bytes)).toBe(true);
    const sliced = await openContent(database, stored.id, 1_000);
    expect((await collect(sliced!.body)).equals(bytes)).toBe(true);
  });

  it("a large content: its first megabyte in one statement, then 64 kB slices (R-PERF-07: young objects, a pack's peak memory)", async () => {
    const bytes = randomBytes(1024 * 1024 + 100_000);
    const stored = await store(bytes);
    const content = await openContent(database, stored.id);
    expect(content?.body).toBeInstanceOf(Readable);
    const chunks: Buffer[] = [];
    for await (const chunk of content!.body as Readable) chunks.push(chunk as Buffer);
    expect(chunks.map((chunk) => chunk.length)).toEqual([1024 * 1024, 64 * 1024, 100_000 - 64 * 1024]);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  it('a small content whose bytes were altered is refused before anything is sent', async () => {
    const stored = await store(randomBytes(20));
    await database.query(
      `UPDATE "DOC_Contenu" SET "Octets" = set_byte("Octets", 0, get_byte("Octets", 0) # 1) WHERE id = $1`,
      [stored.id],
    );
    await expect(openContent(database, stored.id)).rejects.toThrow(/Somme de contrôle incorrecte/);
  });

  it('a stream of altered bytes fails instead of ending normally', async () => {
    const stored = await store(randomBytes(20));
    await database.query(
      `UPDATE "DOC_Contenu" SET "Octets" = set_byte("Octets", 19, get_byte("Octets", 19) # 1) WHERE id = $1`,
      [stored.id],
    );
    const content = await openContent(database, stored.id, 7);
    await expect(collect(content!.body)).rejects.toThrow(/Somme de contrôle incorrecte/);
  });
});
