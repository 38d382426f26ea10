/** A piece of a file being generated, and how many data rows are written once it is. */
export interface ExportChunk {
  text: string;
  rowsDone: number;
}

/** Rows per chunk: small enough for frequent progress, big enough to keep strings few. */
export const DEFAULT_CHUNK_ROWS = 2000;

/** Joins the chunks of a generator into one string (small exports, tests). */
export function joinChunks(chunks: Iterable<ExportChunk>): string {
  let text = '';
  for (const chunk of chunks) text += chunk.text;
  return text;
}
