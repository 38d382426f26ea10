import type { ExportChunk } from '../chunks';
import { DEFAULT_CHUNK_ROWS } from '../chunks';
import type { ExportFormatOptions, ExportTable } from '../types';
import { CONTENT_TYPES_XML, ROOT_RELS_XML, STYLES_XML, WORKBOOK_RELS_XML, workbookXml } from './package-parts';
import { sheetXmlChunks } from './sheet-xml';
import { createUtf8Encoder } from './web-platform';
import { zipEntries, type Bytes } from './zip';

/** Called after each chunk of rows; may return a promise (e.g. to yield to the event loop). */
export type ExportProgress = (rowsDone: number, rowsTotal: number) => void | Promise<void>;

/**
 * Writes a real .xlsx workbook (R-EXP-01): one worksheet named `worksheet`, header and
 * footer lines as merged rows, numbers as numbers, dates as dates. Returns the file as parts.
 */
export async function toXlsx(
  table: ExportTable,
  options: ExportFormatOptions = {},
  onProgress?: ExportProgress,
  chunkRows = DEFAULT_CHUNK_ROWS,
): Promise<Bytes[]> {
  const encoder = createUtf8Encoder();
  const encode = (text: string): Bytes => encoder.encode(text);
  async function* sheet(chunks: Iterable<ExportChunk>) {
    for (const chunk of chunks) {
      yield encode(chunk.text);
      await onProgress?.(chunk.rowsDone, table.rows.length);
    }
  }
  return zipEntries([
    { name: '[Content_Types].xml', chunks: [encode(CONTENT_TYPES_XML)] },
    { name: '_rels/.rels', chunks: [encode(ROOT_RELS_XML)] },
    { name: 'xl/workbook.xml', chunks: [encode(workbookXml(options.worksheet))] },
    { name: 'xl/_rels/workbook.xml.rels', chunks: [encode(WORKBOOK_RELS_XML)] },
    { name: 'xl/styles.xml', chunks: [encode(STYLES_XML)] },
    { name: 'xl/worksheets/sheet1.xml', chunks: sheet(sheetXmlChunks(table, options, chunkRows)) },
  ]);
}
