import type { SepaBatch } from '@gdf/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, apiRequest } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-file';
import { fileNameOf } from './generate-sepa';

/** GET /api/exports/sepa/batches: past files, newest first. */
export function getSepaBatches(structureId: number, signal?: AbortSignal): Promise<SepaBatch[]> {
  return apiFetch<SepaBatch[]>(`/api/exports/sepa/batches?structureId=${structureId}`, { signal });
}

export function sepaBatchesQueryOptions(structureId: number) {
  return queryOptions({
    queryKey: ['sepa-batches', structureId],
    queryFn: ({ signal }) => getSepaBatches(structureId, signal),
  });
}

export function useSepaBatches(structureId: number) {
  return useQuery(sepaBatchesQueryOptions(structureId));
}

/** GET /api/exports/sepa/batches/{id}/file, saved under its own name. */
export async function downloadSepaBatch(structureId: number, batch: SepaBatch): Promise<void> {
  const response = await apiRequest(`/api/exports/sepa/batches/${batch.id}/file?structureId=${structureId}`);
  saveBlob(await response.blob(), fileNameOf(response, batch.NomFichier));
}
