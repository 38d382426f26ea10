import type { SepaBatch } from '@gdf/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

/** GET /api/exports/sepa/batches: past files, newest first. */
function getSepaBatches(structureId: number, signal?: AbortSignal): Promise<SepaBatch[]> {
  return apiFetch<SepaBatch[]>(`/api/exports/sepa/batches?structureId=${structureId}`, { signal });
}

function sepaBatchesQueryOptions(structureId: number) {
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
  await downloadFile(`/api/exports/sepa/batches/${batch.id}/file?structureId=${structureId}`, {
    fileName: batch.NomFichier,
  });
}
