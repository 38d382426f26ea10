import type { ExportChunk } from './chunks';
import { DEFAULT_CHUNK_ROWS } from './chunks';
import { csvChunks } from './csv';
import { DEFAULT_EXPORT_TYPE, exportFileName, exportMimeType } from './file-naming';
import { htmlTableChunks } from './html-table';
import type { ExportFormatOptions, ExportTable, ExportType } from './types';
import { toXlsx, type ExportProgress } from './xlsx/write-xlsx';
import { createUtf8Encoder } from './xlsx/web-platform';
import type { Bytes } from './xlsx/zip';

export type { ExportProgress } from './xlsx/write-xlsx';

/** A generated file: its parts (UTF-8 bytes) go straight into `new Blob(parts, { type: mimeType })`. */
export interface ExportFile {
  fileName: string;
  mimeType: string;
  parts: Bytes[];
}

export interface GenerateExportOptions extends ExportFormatOptions {
  type?: ExportType;
  name?: string;
}

/** Encodes text chunks as they come: bytes take half the memory of strings and make Blobs fast. */
async function collectText(chunks: Iterable<ExportChunk>, total: number, onProgress?: ExportProgress) {
  const encoder = createUtf8Encoder();
  const parts: Bytes[] = [];
  for (const chunk of chunks) {
    parts.push(encoder.encode(chunk.text));
    await onProgress?.(chunk.rowsDone, total);
  }
  return parts;
}

/**
 * The single generation path, used by the Web Worker, by its main-thread fallback and by the
 * bench: a resolved table -> the file of the chosen type. No rows -> null (R-EXP-10:
 * export generation does nothing when there are no rows).
 */
export async function generateExportFile(
  table: ExportTable,
  options: GenerateExportOptions = {},
  onProgress?: ExportProgress,
  chunkRows = DEFAULT_CHUNK_ROWS,
): Promise<ExportFile | null> {
  if (table.rows.length === 0) return null;
  const type = options.type ?? DEFAULT_EXPORT_TYPE;
  const total = table.rows.length;
  let parts: ExportFile['parts'];
  if (type === 'xlsx') parts = await toXlsx(table, options, onProgress, chunkRows);
  else if (type === 'csv') parts = await collectText(csvChunks(table, options, chunkRows), total, onProgress);
  else parts = await collectText(htmlTableChunks(table, options, chunkRows), total, onProgress);
  return { fileName: exportFileName(options.name, type), mimeType: exportMimeType(type), parts };
}
