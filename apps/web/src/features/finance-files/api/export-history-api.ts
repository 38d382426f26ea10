import type { ExportHistoryItem, ExportHistoryResponse } from '@gdf/domain';
import { apiFetch, apiRequest } from '@/lib/api-client';

export const exportHistoryQueryKey = (structureId: number) => ['sage-export', structureId, 'historique'];

/** GET /api/exports/sage/historique: the latest 100 files produced, newest first. */
export const getExportHistory = (structureId: number, signal?: AbortSignal) =>
  apiFetch<ExportHistoryResponse>(
    `/api/exports/sage/historique?structureId=${encodeURIComponent(String(structureId))}`,
    {
      signal,
    },
  );

/** GET /api/exports/sage/historique/:id/fichier: the file's bytes as first produced. */
export async function downloadHistoryFile(structureId: number, item: ExportHistoryItem) {
  const response = await apiRequest(
    `/api/exports/sage/historique/${item.id}/fichier?structureId=${encodeURIComponent(String(structureId))}`,
  );
  return { blob: await response.blob(), fileName: item.nomFichier };
}
