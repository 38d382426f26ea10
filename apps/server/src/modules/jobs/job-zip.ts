import type { StoredContent } from '../../db/content-store';
import type { Queryable } from '../../db/queryable';
import { ZipWriter, type ZipState } from '../flux-document-packs/document-pack.service';
import { deleteZipParts, insertJoinedZip, insertZipPart } from './job-zip.repository';

/**
 * A job's ZIP result built step by step in the document store (R-JOB-02): each step stores the
 * entries it wrote as one DOC_Contenu part in its own transaction, and the parts and the ZIP's
 * state travel in the step's checkpoint; the last step joins the parts and the central
 * directory into one DOC_Contenu row inside the database and deletes the parts. Memory holds
 * one step's documents, never the whole archive, and a step cut short leaves no part behind.
 */
export interface ZipParts extends ZipState {
  /** The DOC_Contenu rows holding the entries written so far, in order. */
  parts: number[];
}

export const emptyZipParts = (): ZipParts => ({ offset: 0, records: [], parts: [] });

export interface ZipEntry {
  name: string;
  bytes: Buffer;
}

/** The entries after those of `state`, stored as one part in `tx`: the state to checkpoint with them. */
export async function appendZipPart(
  tx: Queryable,
  state: ZipParts,
  entries: readonly ZipEntry[],
  builtAt: Date,
): Promise<ZipParts> {
  if (entries.length === 0) return state;
  const zip = new ZipWriter(builtAt, state);
  const bytes = Buffer.concat(entries.flatMap((entry) => zip.entry(entry.name, entry.bytes)));
  const part = await insertZipPart(tx, bytes);
  return { ...zip.state(), parts: [...state.parts, part] };
}

/**
 * The whole ZIP as one DOC_Contenu row: the parts, then `lastEntries` and the central
 * directory, joined and checksummed by the database; the parts are deleted. In `tx`, with the
 * job's last checkpoint.
 */
export async function finishZipParts(
  tx: Queryable,
  state: ZipParts,
  lastEntries: readonly ZipEntry[],
  builtAt: Date,
): Promise<StoredContent> {
  const zip = new ZipWriter(builtAt, state);
  const tail = Buffer.concat([...lastEntries.flatMap((entry) => zip.entry(entry.name, entry.bytes)), ...zip.end()]);
  const row = await insertJoinedZip(tx, state.parts, tail);
  await discardZipParts(tx, state);
  return row;
}

/** A job cancelled or failed: its parts go (the entries' own documents stay where they are). */
export async function discardZipParts(tx: Queryable, state: Pick<ZipParts, 'parts'> | null | undefined) {
  if (!state || state.parts.length === 0) return;
  await deleteZipParts(tx, state.parts);
}
