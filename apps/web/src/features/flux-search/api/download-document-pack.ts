import { DOCUMENT_PACK_PATH, type DocumentPackRequest } from '@gdf/domain';
import { downloadFile } from '@/lib/download';
import { toSearch } from '@/lib/routes';

export interface PackProgress {
  /** Bytes of the ZIP received so far. */
  bytes: number;
  /** Documents the server accepted to put in the pack (X-Documents-Count). */
  documents: number | null;
}

/**
 * POST the search's filters, read the ZIP as the server streams it (reporting progress),
 * then save it. Aborting `signal` cancels the fetch: the server stops building the pack.
 */
export async function downloadDocumentPack(
  request: DocumentPackRequest,
  structureId: number,
  signal: AbortSignal,
  onProgress: (progress: PackProgress) => void,
): Promise<void> {
  await downloadFile(DOCUMENT_PACK_PATH + toSearch({ structureId }), {
    method: 'POST',
    body: request,
    signal,
    fileName: 'documents.zip',
    onProgress: ({ bytes, headers }) => {
      const count = headers.get('x-documents-count');
      onProgress({ bytes, documents: count === null ? null : Number(count) });
    },
  });
}
