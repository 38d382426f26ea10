import {
  accountStatementPath,
  facturXPath,
  fluxDocumentPath,
  issuedAccountStatementPath,
  type FluxDocumentKind,
} from '@gdf/domain';
import { apiRequest } from '@/lib/api-client';
import { toSearch } from '@/lib/routes';

const FILE_NAME = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i;

/** The server's file name from Content-Disposition (facture-123-2024-03-01.pdf). */
export function fileNameOf(contentDisposition: string | null, fallback: string): string {
  const match = FILE_NAME.exec(contentDisposition ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/** A flux's PDFs, and the Factur-X XML issued inside its facture (issue 21). */
export type DownloadableFluxDocument = FluxDocumentKind | 'facturx';

/**
 * GET the document with the bearer header (never a token in the URL), then save it under the
 * server's name (SPEC.md screen 4: the justificatif is the operation statement PDF).
 */
export async function downloadFluxDocument(
  kind: DownloadableFluxDocument,
  fluxId: number,
  structureId: number,
): Promise<void> {
  const path = kind === 'facturx' ? facturXPath(fluxId) : fluxDocumentPath(kind, fluxId);
  const response = await apiRequest(path + toSearch({ download: 1, structureId }));
  const fallbackName = kind === 'facturx' ? `facture-${fluxId}.xml` : `${kind}-${fluxId}.pdf`;
  await saveResponse(response, fallbackName);
}

/** A statement's period: a season's bounds, or two inclusive days. */
export type StatementPeriodChoice = { saison: number } | { du: string; au: string };

/**
 * The relevé de compte of one structure over a period, as a file: the server issues it (or
 * finds the same one issued before) and sends its stored bytes.
 */
export async function downloadAccountStatement(
  statementStructureId: number,
  structureId: number,
  period: StatementPeriodChoice,
  format: 'pdf' | 'xlsx',
): Promise<void> {
  const query = toSearch({ ...period, format, download: 1, structureId });
  const response = await apiRequest(accountStatementPath(statementStructureId) + query);
  await saveResponse(response, `releve-de-compte-${statementStructureId}.${format}`);
}

/** An issued statement's stored file, as first given out. */
export async function downloadIssuedAccountStatement(
  statementId: number,
  structureId: number,
  format: 'pdf' | 'xlsx',
): Promise<void> {
  const response = await apiRequest(
    issuedAccountStatementPath(statementId) + toSearch({ format, download: 1, structureId }),
  );
  await saveResponse(response, `releve-de-compte-${statementId}.${format}`);
}

async function saveResponse(response: Response, fallbackName: string): Promise<void> {
  const fileName = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  saveBlob(await response.blob(), fileName);
}

/** Saves bytes under a file name, as a download (the document packs too). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the blob goes away.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
