import { DOCUMENT_PACK_PATH, type DocumentPackRequest, type JobView } from '@gdf/domain';
import { fetchFile } from '@/lib/download';
import { acceptedJob } from '@/lib/jobs';
import { toSearch } from '@/lib/routes';
import { saveBlob } from '@/lib/save-file';

export interface PackProgress {
  /** Bytes of the ZIP received so far. */
  bytes: number;
  /** Documents the server accepted to put in the pack (X-Documents-Count). */
  documents: number | null;
}

/**
 * POST the search's filters, read the ZIP as the server streams it (reporting progress),
 * then save it. Aborting `signal` cancels the fetch: the server stops building the pack. A
 * large pack, or one asked `arrierePlan`, is built by a job instead (R-JOB-05): the server
 * answers 202 with it, returned here, nothing saved.
 */
export async function downloadDocumentPack(
  request: DocumentPackRequest,
  structureId: number,
  signal: AbortSignal,
  onProgress: (progress: PackProgress) => void,
): Promise<JobView | null> {
  const file = await fetchFile(DOCUMENT_PACK_PATH + toSearch({ structureId }), {
    method: 'POST',
    body: request,
    signal,
    fileName: 'documents.zip',
    onProgress: ({ bytes, headers }) => {
      const count = headers.get('x-documents-count');
      onProgress({ bytes, documents: count === null ? null : Number(count) });
    },
  });
  if (file.blob.type.startsWith('application/json')) return acceptedJob(JSON.parse(await file.blob.text()));
  saveBlob(file.blob, file.fileName);
  return null;
}
