import type { FluxDocumentKind } from '@gdf/domain';
import type { Database } from '../../db/database';
import { sha256Hex } from '../../db/content-store';
import type { Queryable } from '../../db/queryable';
import { structureScopeCondition, type RequestScope } from '../scope/scope';

/** A flux's document as first issued (MKP_DocumentEmis): its bytes are DOC_Contenu ID_Contenu. */
export interface IssuedDocument {
  contentId: number;
  sha256: string;
  fileName: string;
}

export const ISSUED_DOCUMENT_AUDIT = { issued: 'emission_document', downloaded: 'telechargement_document' } as const;

/** What MKP_DocumentEmis stores per flux: its two PDFs, and the Factur-X XML issued with its facture (R-FACT-12). */
export type StoredDocumentKind = FluxDocumentKind | 'facture_xml';

/** The XML issued inside a Factur-X facture, stored beside it in the same transaction. */
export interface IssuedXml {
  fileName: string;
  bytes: Buffer;
}

/**
 * The caller's scope is checked here, before any stored byte is read: `null` when the flux
 * does not exist or is out of scope; `{ issued: null }` when it has no stored document yet. The
 * flux's season comes with it: its invoice number names the download (R-DOC-05).
 */
export async function findIssuedDocument(
  database: Pick<Database, 'query'>,
  scope: RequestScope,
  fluxId: number,
  kind: StoredDocumentKind,
): Promise<{ issued: IssuedDocument | null; seasonId: number } | null> {
  const params: unknown[] = [fluxId, kind];
  const [row] = await database.query<{
    contentId: number | null;
    sha256: string | null;
    fileName: string | null;
    seasonId: number;
  }>(
    `SELECT e."ID_Contenu" AS "contentId", e."Sha256" AS sha256, e."NomFichier" AS "fileName", f."ID_Saison" AS "seasonId"
       FROM "MKP_FluxFinancier" f
       LEFT JOIN "MKP_DocumentEmis" e ON e."ID_FluxFinancier" = f.id AND e."Type" = $2
      WHERE f.id = $1 AND ${structureScopeCondition(scope, 'f."ID_Structure"', params)}`,
    params,
  );
  if (!row) return null;
  return {
    issued: row.contentId === null ? null : { contentId: row.contentId, sha256: row.sha256!, fileName: row.fileName! },
    seasonId: row.seasonId,
  };
}

/**
 * Stores a freshly rendered document unless another download stored one first; returns the
 * one that stands and whether it is ours. One statement (STORE_ISSUED_SQL), a single round
 * trip to the database: a pack of 1,000 first reads made 7 per document, about 2 s of socket
 * writes. The unique (flux, type) index settles a race: the later statement waits for the
 * earlier one, then inserts nothing at all (its bytes neither), and the winner is read back.
 */
export async function storeIssuedDocument(
  database: Database,
  scope: RequestScope,
  document: { fluxId: number; kind: FluxDocumentKind; fileName: string; pdf: Buffer; xml?: IssuedXml | null },
): Promise<{ issued: IssuedDocument; ours: boolean }> {
  const pdfSha256 = sha256Hex(document.pdf);
  const xmlSha256 = document.xml ? sha256Hex(document.xml.bytes) : null;
  const [stored] = await database.query<{ pdfId: number }>(STORE_ISSUED_SQL, [
    document.fluxId,
    document.kind,
    document.pdf,
    pdfSha256,
    document.fileName,
    document.xml?.bytes ?? null,
    xmlSha256,
    document.xml?.fileName ?? null,
    scope.actor.userId,
    scope.currentStructureId,
    ISSUED_DOCUMENT_AUDIT.issued,
  ]);
  if (stored)
    return { issued: { contentId: stored.pdfId, sha256: pdfSha256, fileName: document.fileName }, ours: true };
  const [winner] = await database.query<IssuedDocument>(
    `SELECT "ID_Contenu" AS "contentId", "Sha256" AS sha256, "NomFichier" AS "fileName"
       FROM "MKP_DocumentEmis" WHERE "ID_FluxFinancier" = $1 AND "Type" = $2`,
    [document.fluxId, document.kind],
  );
  if (!winner) throw new Error(`MKP_DocumentEmis ${document.fluxId}/${document.kind} : conflit sans ligne`);
  return { issued: winner, ours: false };
}

/**
 * The document's MKP_DocumentEmis row first, its content's id taken from DOC_Contenu's
 * sequence; the bytes are inserted only from the row's RETURNING, so a (flux, type) that
 * exists inserts no bytes (no orphan DOC_Contenu row). The references are checked at the end
 * of the statement, when the bytes are in. A Factur-X facture's XML goes with it; its row has
 * no ON CONFLICT: an XML already issued without its facture fails the whole statement. The
 * 'emission_document' audit row names the XML issued inside the facture. Parameters: $1 flux,
 * $2 kind, $3 PDF, $4 its SHA-256, $5 its file name, $6-$8 the same for the XML (or nulls),
 * $9 user, $10 structure, $11 action.
 */
const STORE_ISSUED_SQL = `
WITH ids AS (
  SELECT nextval(pg_get_serial_sequence('"DOC_Contenu"', 'id'))::integer AS pdf,
         CASE WHEN $6::bytea IS NULL THEN NULL
              ELSE nextval(pg_get_serial_sequence('"DOC_Contenu"', 'id'))::integer END AS xml
), pdf_row AS (
  INSERT INTO "MKP_DocumentEmis" ("ID_FluxFinancier", "Type", "ID_Contenu", "Sha256", "NomFichier")
  SELECT $1::integer, $2::text, ids.pdf, $4::text, $5::text FROM ids
  ON CONFLICT ("ID_FluxFinancier", "Type") DO NOTHING RETURNING "ID_Contenu"
), xml_row AS (
  INSERT INTO "MKP_DocumentEmis" ("ID_FluxFinancier", "Type", "ID_Contenu", "Sha256", "NomFichier")
  SELECT $1::integer, 'facture_xml', ids.xml, $7::text, $8::text FROM ids, pdf_row WHERE ids.xml IS NOT NULL
  RETURNING "ID_Contenu"
), pdf_bytes AS (
  INSERT INTO "DOC_Contenu" (id, "Nature", "Octets", "Sha256", "Taille", "TypeMime")
  SELECT "ID_Contenu", $2::text, $3::bytea, $4::text, length($3::bytea), 'application/pdf' FROM pdf_row
), xml_bytes AS (
  INSERT INTO "DOC_Contenu" (id, "Nature", "Octets", "Sha256", "Taille", "TypeMime")
  SELECT "ID_Contenu", 'facture_xml', $6::bytea, $7::text, length($6::bytea), 'text/xml' FROM xml_row
), audit AS (
  INSERT INTO "APP_AuditLog" ("ID_Utilisateur", "ID_Structure", "Action", "TableCible", "ID_Cible", "Details")
  SELECT $9::integer, $10::integer, $11::text, 'MKP_FluxFinancier', $1::integer,
         jsonb_build_object('type', $2::text, 'sha256', $4::text, 'contenu', pdf_row."ID_Contenu")
         || CASE WHEN xml_row."ID_Contenu" IS NULL THEN '{}'::jsonb
                 ELSE jsonb_build_object('facturX', jsonb_build_object('sha256', $7::text, 'contenu', xml_row."ID_Contenu")) END
    FROM pdf_row LEFT JOIN xml_row ON TRUE
)
SELECT "ID_Contenu" AS "pdfId" FROM pdf_row`;

/** One audit row per download: which document (type, SHA-256, content) the caller received. */
export async function writeIssuedDocumentAudit(
  queryable: Queryable,
  scope: RequestScope,
  action: (typeof ISSUED_DOCUMENT_AUDIT)[keyof typeof ISSUED_DOCUMENT_AUDIT],
  fluxId: number,
  kind: StoredDocumentKind,
  issued: IssuedDocument,
  facturX: IssuedDocument | null = null,
): Promise<void> {
  await queryable.query(
    `INSERT INTO "APP_AuditLog" ("ID_Utilisateur", "ID_Structure", "Action", "TableCible", "ID_Cible", "Details")
     VALUES ($1::integer, $2::integer, $3::text, 'MKP_FluxFinancier', $4::integer, $5::jsonb)`,
    [
      scope.actor.userId,
      scope.currentStructureId,
      action,
      fluxId,
      JSON.stringify({
        type: kind,
        sha256: issued.sha256,
        contenu: issued.contentId,
        ...(facturX ? { facturX: { sha256: facturX.sha256, contenu: facturX.contentId } } : {}),
      }),
    ],
  );
}
