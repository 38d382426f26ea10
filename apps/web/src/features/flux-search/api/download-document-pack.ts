import { DOCUMENT_PACK_PATH, type DocumentPackRequest } from '@gdf/domain';
import { apiRequest } from '@/lib/api-client';
import { toSearch } from '@/lib/routes';
import { fileNameOf, saveBlob } from './download-flux-document';

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
  const response = await apiRequest(DOCUMENT_PACK_PATH + toSearch({ structureId }), {
    method: 'POST',
    body: request,
    signal,
  });
  const count = response.headers.get('x-documents-count');
  const progress: PackProgress = { bytes: 0, documents: count === null ? null : Number(count) };
  onProgress({ ...progress });
  const chunks: Uint8Array[] = [];
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    progress.bytes += value.byteLength;
    onProgress({ ...progress });
  }
  const fileName = fileNameOf(response.headers.get('content-disposition'), 'documents.zip');
  saveBlob(new Blob(chunks as BlobPart[], { type: 'application/zip' }), fileName);
}
