import type { RelaunchSelectionResult, SepaReturnImportResult, SepaReturnReport } from '@gdf/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

const RETURNS_URL = '/api/exports/sepa/retours';

/** The file itself is the body (application/xml); its name travels URL-encoded in X-File-Name. */
function send<T>(path: string, structureId: number, file: File): Promise<T> {
  const separator = path.endsWith('?') || path.endsWith('&') ? '' : '?';
  return apiFetch<T>(`${path}${separator}structureId=${structureId}`, {
    method: 'POST',
    body: new Blob([file], { type: 'application/xml' }),
    headers: { 'X-File-Name': encodeURIComponent(file.name) },
  });
}

/** POST .../retours/preview: what the bank report would change, nothing written. */
function previewSepaReturn(structureId: number, file: File): Promise<SepaReturnReport> {
  return send(`${RETURNS_URL}/preview`, structureId, file);
}

/**
 * POST .../retours: marks the flux rejected (the same file twice changes nothing); returns
 * with anomalies only when `confirmAnomalies` (R-RET-05).
 */
function importSepaReturn(structureId: number, file: File, confirmAnomalies: boolean): Promise<SepaReturnImportResult> {
  return send(confirmAnomalies ? `${RETURNS_URL}?confirmerAnomalies=true&` : `${RETURNS_URL}?`, structureId, file);
}

/** POST .../retours/relance (R-RET-06): one new debit per flux, in one transaction; idempotent. */
function relaunchSelection(structureId: number, ids: readonly number[]): Promise<RelaunchSelectionResult> {
  return apiFetch<RelaunchSelectionResult>(`${RETURNS_URL}/relance?structureId=${structureId}`, {
    method: 'POST',
    body: { ids },
  });
}

export function usePreviewSepaReturn(structureId: number) {
  return useMutation({ mutationFn: (file: File) => previewSepaReturn(structureId, file) });
}

export function useImportSepaReturn(structureId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, confirmAnomalies }: { file: File; confirmAnomalies: boolean }) =>
      importSepaReturn(structureId, file, confirmAnomalies),
    // Flux lists and details cached anywhere in the app now show stale statuses: refetch them.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useRelaunchSelection(structureId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => relaunchSelection(structureId, ids),
    // The batch list's counts and every flux list now differ.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
