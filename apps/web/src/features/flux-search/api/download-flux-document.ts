import { accountStatementPath, facturXPath, fluxDocumentPath, type FluxDocumentKind } from '@gdf/domain';
import { apiRequest } from '@/lib/api-client';
import { toSearch } from '@/lib/routes';
import { fileNameOf } from '@/lib/save-file';

export { fileNameOf };

/** A flux's PDFs, and the Factur-X XML issued inside its facture (R-FACT-15). */
export type DownloadableFluxDocument = FluxDocumentKind | 'facturx';

/**
 * GET the document with the bearer header (never a token in the URL), then save it under the
 * server's name (R-SEARCH-21: the justificatif is the operation statement PDF).
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

/** R-STMT-03: the relevé de compte PDF of one structure over the current season. */
export async function downloadAccountStatement(statementStructureId: number, structureId: number): Promise<void> {
  const query = toSearch({ format: 'pdf', download: 1, structureId });
  const response = await apiRequest(accountStatementPath(statementStructureId) + query);
  await saveResponse(response, `releve-de-compte-${statementStructureId}.pdf`);
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
