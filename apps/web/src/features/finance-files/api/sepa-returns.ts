import type { SepaReturnImportResult, SepaReturnReport } from '@gdf/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

const RETURNS_URL = '/api/exports/sepa/retours';

/** The file itself is the body (application/xml); its name travels URL-encoded in X-File-Name. */
function send<T>(path: string, structureId: number, file: File): Promise<T> {
  return apiFetch<T>(`${path}?structureId=${structureId}`, {
    method: 'POST',
    body: new Blob([file], { type: 'application/xml' }),
    headers: { 'X-File-Name': encodeURIComponent(file.name) },
  });
}

/** POST .../retours/preview: what the bank report would change, nothing written. */
export function previewSepaReturn(structureId: number, file: File): Promise<SepaReturnReport> {
  return send(`${RETURNS_URL}/preview`, structureId, file);
}

/** POST .../retours: marks the flux rejected (the same file twice changes nothing). */
export function importSepaReturn(structureId: number, file: File): Promise<SepaReturnImportResult> {
  return send(RETURNS_URL, structureId, file);
}

export function usePreviewSepaReturn(structureId: number) {
  return useMutation({ mutationFn: (file: File) => previewSepaReturn(structureId, file) });
}

export function useImportSepaReturn(structureId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importSepaReturn(structureId, file),
    // Flux lists and details cached anywhere in the app now show stale statuses: refetch them.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
