import type { ExportPreview } from '@gdf/domain';
import { apiFetch, apiRequest } from '@/lib/api-client';

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

/** The file name the server chose (Content-Disposition: it says 'BROUILLARD' for a provisional file). */
export function fileNameOf(response: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
}

async function download(path: string, fallback: string) {
  const response = await apiRequest(path);
  return { blob: await response.blob(), fileName: fileNameOf(response, fallback) };
}

/** GET /api/exports/sage: the SAGE file (PNM or CSV) of the range. */
export const downloadSageFile = (request: SageExportRequest) =>
  download(`/api/exports/sage?${query(request)}`, `sage.${request.format === 'csv' ? 'csv' : 'txt'}`);

/** GET /api/exports/fec: the FEC of one fiscal year (a 'brouillard' while it is not validated to its end). */
export function downloadFec(structureId: number, fiscalYearId: number) {
  const params = new URLSearchParams({ exercice: String(fiscalYearId), structureId: String(structureId) });
  return download(`/api/exports/fec?${params.toString()}`, 'fec.txt');
}
