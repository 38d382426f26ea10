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

/** Downloads the file; its name comes from the server's Content-Disposition. */
export async function downloadAccountingFile(kind: 'sage' | 'fec', request: SageExportRequest) {
  const response = await apiRequest(`/api/exports/${kind}?${query(request)}`);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${kind}.txt`;
  return { blob: await response.blob(), fileName };
}
