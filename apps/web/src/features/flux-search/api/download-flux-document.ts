import {
  accountStatementPath,
  facturXPath,
  fluxDocumentPath,
  issuedAccountStatementPath,
  type FluxDocumentKind,
} from '@gdf/domain';
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

/** A statement's period: a season's bounds, or two inclusive days. */
export type StatementPeriodChoice = { saison: number } | { du: string; au: string };

/**
 * R-STMT-03: the relevé de compte of one structure over a period, as a file: the server issues
 * it (or finds the same one issued before) and sends its stored bytes.
 */
export async function downloadAccountStatement(
  statementStructureId: number,
  structureId: number,
  period: StatementPeriodChoice,
  format: 'pdf' | 'xlsx',
): Promise<void> {
  const query = toSearch({ ...period, format, download: 1, structureId });
  await downloadFile(accountStatementPath(statementStructureId) + query, {
    fileName: `releve-de-compte-${statementStructureId}.${format}`,
  });
}

/** An issued statement's stored file, as first given out. */
export async function downloadIssuedAccountStatement(
  statementId: number,
  structureId: number,
  format: 'pdf' | 'xlsx',
): Promise<void> {
  await downloadFile(issuedAccountStatementPath(statementId) + toSearch({ format, download: 1, structureId }), {
    fileName: `releve-de-compte-${statementId}.${format}`,
  });
}
