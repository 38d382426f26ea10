import type { ExportPreview } from '@gdf/domain';
import { apiFetch } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

export interface SageExportRequest {
  structureId: number;
  from: string;
  to: string;
  format: 'pnm' | 'csv';
  /** Empty: every journal. */
  journals: string[];
}

function query(request: SageExportRequest): string {
  const params = new URLSearchParams({
    from: request.from,
    to: request.to,
    format: request.format,
    structureId: String(request.structureId),
  });
  if (request.journals.length > 0) params.set('journaux', request.journals.join(','));
  return params.toString();
}

export const previewSageExport = (request: SageExportRequest) =>
  apiFetch<ExportPreview>(`/api/exports/sage/preview?${query(request)}`);

// Both files are saved under the server's name: it says 'BROUILLARD' for a provisional file.

/** GET /api/exports/sage: the SAGE file (PNM or CSV) of the range, saved. */
export const downloadSageFile = (request: SageExportRequest) =>
  downloadFile(`/api/exports/sage?${query(request)}`, { fileName: `sage.${request.format === 'csv' ? 'csv' : 'txt'}` });

/** GET /api/exports/fec, saved: the FEC of one fiscal year (a 'brouillard' while it is not validated to its end). */
export function downloadFec(structureId: number, fiscalYearId: number) {
  const params = new URLSearchParams({ exercice: String(fiscalYearId), structureId: String(structureId) });
  return downloadFile(`/api/exports/fec?${params.toString()}`, { fileName: 'fec.txt' });
}
