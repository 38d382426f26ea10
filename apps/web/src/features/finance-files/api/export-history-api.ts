import type { ExportHistoryItem, ExportHistoryResponse } from '@gdf/domain';
import { apiFetch } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

export const exportHistoryQueryKey = (structureId: number) => ['sage-export', structureId, 'historique'];

/** GET /api/exports/sage/historique: the latest 100 files produced, newest first. */
export const getExportHistory = (structureId: number, signal?: AbortSignal) =>
  apiFetch<ExportHistoryResponse>(
    `/api/exports/sage/historique?structureId=${encodeURIComponent(String(structureId))}`,
    {
      signal,
    },
  );

/** GET /api/exports/sage/historique/:id/fichier: the file's bytes as first produced, saved under its recorded name. */
export const downloadHistoryFile = (structureId: number, item: ExportHistoryItem) =>
  downloadFile(
    `/api/exports/sage/historique/${item.id}/fichier?structureId=${encodeURIComponent(String(structureId))}`,
    {
      fileName: item.nomFichier,
      keepName: true,
    },
  );
