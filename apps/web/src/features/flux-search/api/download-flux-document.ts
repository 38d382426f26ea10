import { accountStatementPath, facturXPath, fluxDocumentPath, type FluxDocumentKind } from '@gdf/domain';
import { downloadFile } from '@/lib/download';
import { toSearch } from '@/lib/routes';

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
  const fileName = kind === 'facturx' ? `facture-${fluxId}.xml` : `${kind}-${fluxId}.pdf`;
  await downloadFile(path + toSearch({ download: 1, structureId }), { fileName });
}

/** R-STMT-03: the relevé de compte PDF of one structure over the current season. */
export async function downloadAccountStatement(statementStructureId: number, structureId: number): Promise<void> {
  const query = toSearch({ format: 'pdf', download: 1, structureId });
  await downloadFile(accountStatementPath(statementStructureId) + query, {
    fileName: `releve-de-compte-${statementStructureId}.pdf`,
  });
}
