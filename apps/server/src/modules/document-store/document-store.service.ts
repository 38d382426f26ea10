import { createHash, type Hash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Database } from '../../db/database';
import { readContentHead, readContentSlice, type ContentHead } from '../../db/content-store';

/** A file up to this size is read in one statement (an invoice, a relevé, a SEPA file). */
const CONTENT_HEAD_BYTES = 1024 * 1024;
/**
 * A larger file streams in slices of this size. Each slice's base64 text is a young object
 * below V8's large-object size, collected by the next scavenge with its Buffer: with 1 MB slices,
 * a 36 MB pack's download kept its texts in the old generation until a full collection and
 * raised the server's peak by about 25 MB (bench/RESULTS.md, R-PERF-07).
 */
const CONTENT_SLICE_BYTES = 64 * 1024;

export interface OpenedContent {
  size: number;
  sha256: string;
  mimeType: string;
  /** The bytes: a Buffer when they fit in one slice, else a stream reading one slice at a time. */
  body: Buffer | Readable;
}

/**
 * A stored content, ready to send. The bytes are checked against their SHA-256: a small
 * file before anything is sent (an error then, never altered bytes), a large one as it
 * streams (the stream fails at the end, so the client never gets a whole altered file).
 */
export async function openContent(
  database: Pick<Database, 'query'>,
  contentId: number,
  /** One size for the first read and the slices (tests); by default 1 MB, then 64 kB slices. */
  sliceBytes?: number,
): Promise<OpenedContent | null> {
  const head = await readContentHead(database, contentId, sliceBytes ?? CONTENT_HEAD_BYTES);
  return head && fromHead(database, contentId, head, sliceBytes ?? CONTENT_SLICE_BYTES);
}

/** A stored content's bytes whole in memory (checked as `openContent` checks them), or null when missing. */
export async function readWholeContent(database: Pick<Database, 'query'>, contentId: number): Promise<Buffer | null> {
  const content = await openContent(database, contentId);
  if (!content) return null;
  if (Buffer.isBuffer(content.body)) return content.body;
  const chunks: Buffer[] = [];
  for await (const chunk of content.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function fromHead(
  database: Pick<Database, 'query'>,
  contentId: number,
  head: ContentHead,
  sliceBytes: number,
): OpenedContent {
  const hash = createHash('sha256').update(head.first);
  const { size, sha256, mimeType } = head;
  if (head.first.length >= size) {
    checkDigest(hash, head);
    return { size, sha256, mimeType, body: head.first };
  }
  async function* slices() {
    yield head.first;
    for (let offset = head.first.length; offset < size;) {
      const slice = await readContentSlice(database, contentId, offset, sliceBytes);
      if (slice.length === 0) throw new Error(`DOC_Contenu ${contentId} : octets plus courts que leur taille`);
      hash.update(slice);
      offset += slice.length;
      yield slice;
    }
    checkDigest(hash, head);
  }
  return { size, sha256, mimeType, body: Readable.from(slices(), { objectMode: false }) };
}

function checkDigest(hash: Hash, head: ContentHead): void {
  if (hash.digest('hex') !== head.sha256) throw new Error('Somme de contrôle incorrecte pour un contenu stocké');
}
