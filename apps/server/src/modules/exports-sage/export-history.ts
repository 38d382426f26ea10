import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { createGunzip, gzipSync } from 'node:zlib';
import type { AccountingFileFormat, ExportHistoryItem } from '@gdf/domain';
import type { Database } from '../../db/database';
import { notFound } from '../../lib/http-errors';
import { CONTENT_NATURE, insertContent } from '../../db/content-store';
import { openContent } from '../document-store/document-store.service';
import type { Queryable } from '../../db/queryable';
import type { RequestScope } from '../scope/scope';
import {
  findRecordedFile,
  findSameExportContent,
  insertExportFile,
  readExportHistory,
  type ExportFileRow,
} from './export-history.repository';

const contentTypeOf = (format: AccountingFileFormat) =>
  format === 'csv' ? 'text/csv; charset=iso-8859-15' : 'text/plain; charset=iso-8859-15';

/** Checks a file's text as it is produced; problems (French) stop the file before it leaves. */
export interface FileChecker {
  push(text: string): void;
  finish(): string[];
}

export interface RecordedFile {
  historyId: number;
  fileName: string;
  contentType: string;
  valid: boolean;
  size: number;
  sha256: string;
  entries: number;
  /** The file's bytes, gzip-compressed as stored. */
  gzip: Buffer;
}

interface FileToRecord extends Pick<ExportFileRow, 'format' | 'from' | 'to' | 'journals' | 'valid' | 'fileName'> {
  chunks: AsyncIterable<{ text: string; entries: number }>;
  encode: (text: string) => Uint8Array;
  checker?: FileChecker;
}

/**
 * Builds the file chunk by chunk (memory ~ the compressed file, not the text), checks it,
 * then stores it with its SHA-256 in the export history and the audit log, in the caller's
 * transaction: a refused file leaves nothing behind.
 */
export async function recordExportFile(tx: Queryable, scope: RequestScope, file: FileToRecord): Promise<RecordedFile> {
  const hash = createHash('sha256');
  const members: Buffer[] = [];
  let size = 0;
  let entries = 0;
  for await (const chunk of file.chunks) {
    if (!chunk.text) continue;
    file.checker?.push(chunk.text);
    const bytes = file.encode(chunk.text);
    hash.update(bytes);
    size += bytes.length;
    entries += chunk.entries;
    // Concatenated gzip members are one valid gzip stream (RFC 1952 section 2.2).
    members.push(gzipSync(bytes));
  }
  const problems = file.checker?.finish() ?? [];
  if (problems.length > 0) {
    throw new Error(`Fichier ${file.fileName} refusé par son contrôle de format : ${problems.slice(0, 5).join(' ; ')}`);
  }
  const gzip = Buffer.concat(members);
  const sha256 = hash.digest('hex');
  // The same file produced again (a validated range) keeps one stored copy.
  const same = await findSameExportContent(tx, scope.currentStructureId, sha256);
  // gzip: accounting text compresses about ten times.
  const content =
    same ??
    (await insertContent(tx, { nature: CONTENT_NATURE.exportComptable, bytes: gzip, mimeType: 'application/gzip' }));
  const historyId = await insertExportFile(
    tx,
    {
      structureId: scope.currentStructureId,
      userId: scope.actor.userId,
      format: file.format,
      from: file.from,
      to: file.to,
      journals: file.journals,
      valid: file.valid,
      fileName: file.fileName,
      size,
      sha256,
      entries,
      contentId: content.id,
    },
    {
      action: `export_${file.format}`,
      details: JSON.stringify({
        from: file.from,
        to: file.to,
        journaux: file.journals,
        valide: file.valid,
        sha256,
        ecritures: entries,
      }),
    },
  );
  return {
    historyId,
    fileName: file.fileName,
    contentType: contentTypeOf(file.format),
    valid: file.valid,
    size,
    sha256,
    entries,
    gzip,
  };
}

/** The bytes of a recorded file, checked against the SHA-256 recorded when it was produced. */
export function unzipChecked(gzip: Readable | Buffer, sha256: string): Readable | Buffer {
  if (Buffer.isBuffer(gzip) && gzip.length === 0) return gzip; // an empty file: no gzip member at all
  const hash = createHash('sha256');
  const source = Buffer.isBuffer(gzip) ? Readable.from([gzip]) : gzip;
  const gunzip = source.pipe(createGunzip());
  async function* checked() {
    for await (const chunk of gunzip) {
      hash.update(chunk as Buffer);
      yield chunk as Buffer;
    }
    if (hash.digest('hex') !== sha256)
      throw new Error('Somme de contrôle incorrecte pour un fichier comptable enregistré');
  }
  return Readable.from(checked(), { objectMode: false });
}

export async function listExportHistory(database: Database, structureId: number): Promise<ExportHistoryItem[]> {
  const rows = await readExportHistory(database, structureId);
  return rows.map((r) => ({ ...r, date: r.date instanceof Date ? r.date.toISOString() : String(r.date) }));
}

/** A recorded file of the current structure, as first produced (404 for another structure's). */
export async function openRecordedFile(database: Database, structureId: number, id: number) {
  const row = await findRecordedFile(database, structureId, id);
  if (!row) throw notFound('Fichier introuvable');
  const content = await openContent(database, row.contentId);
  if (!content) throw notFound('Fichier introuvable');
  return { ...row, contentType: contentTypeOf(row.format), body: unzipChecked(content.body, row.sha256) };
}
