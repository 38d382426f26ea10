import type { FluxDocumentKind } from '@gdf/domain';
import type { Database } from '../../db/database';
import { insertContent } from '../../db/content-store';
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
 * does not exist or is out of scope; `{ issued: null }` when it has no stored document yet.
 */
export async function findIssuedDocument(
  database: Pick<Database, 'query'>,
  scope: RequestScope,
  fluxId: number,
  kind: StoredDocumentKind,
): Promise<{ issued: IssuedDocument | null } | null> {
  const params: unknown[] = [fluxId, kind];
  const [row] = await database.query<{ contentId: number | null; sha256: string | null; fileName: string | null }>(
    `SELECT e."ID_Contenu" AS "contentId", e."Sha256" AS sha256, e."NomFichier" AS "fileName"
       FROM "MKP_FluxFinancier" f
       LEFT JOIN "MKP_DocumentEmis" e ON e."ID_FluxFinancier" = f.id AND e."Type" = $2
      WHERE f.id = $1 AND ${structureScopeCondition(scope, 'f."ID_Structure"', params)}`,
    params,
  );
  if (!row) return null;
  return {
    issued: row.contentId === null ? null : { contentId: row.contentId, sha256: row.sha256!, fileName: row.fileName! },
  };
}

/**
 * Stores a freshly rendered document unless another download stored one first; returns the
 * one that stands and whether it is ours. The unique (flux, type) index settles a race: the
 * later INSERT waits for the earlier transaction and then does nothing, so its bytes are
 * dropped in the same transaction (no orphan DOC_Contenu row) and the winner's are read back.
 * The 'emission_document' audit row commits with the winner's bytes.
 */
export async function storeIssuedDocument(
  database: Database,
  scope: RequestScope,
  document: { fluxId: number; kind: FluxDocumentKind; fileName: string; pdf: Buffer; xml?: IssuedXml | null },
): Promise<{ issued: IssuedDocument; ours: boolean }> {
  return database.transaction(async (tx) => {
    const stored = await insertIssued(tx, document.fluxId, document.kind, document.fileName, document.pdf);
    if (stored) {
      const xml = document.xml
        ? await insertIssued(tx, document.fluxId, 'facture_xml', document.xml.fileName, document.xml.bytes)
        : null;
      if (document.xml && !xml)
        throw new Error(`MKP_DocumentEmis ${document.fluxId}/facture_xml : émis sans sa facture`);
      // One emission: the facture's audit row names the XML issued inside it.
      await writeIssuedDocumentAudit(
        tx,
        scope,
        ISSUED_DOCUMENT_AUDIT.issued,
        document.fluxId,
        document.kind,
        stored,
        xml,
      );
      return { issued: stored, ours: true };
    }
    const [winner] = await tx.query<IssuedDocument>(
      `SELECT "ID_Contenu" AS "contentId", "Sha256" AS sha256, "NomFichier" AS "fileName"
         FROM "MKP_DocumentEmis" WHERE "ID_FluxFinancier" = $1 AND "Type" = $2`,
      [document.fluxId, document.kind],
    );
    if (!winner) throw new Error(`MKP_DocumentEmis ${document.fluxId}/${document.kind} : conflit sans ligne`);
    return { issued: winner, ours: false };
  });
}

/**
 * Stores one document's bytes and its MKP_DocumentEmis row, unless the (flux, type) row exists:
 * then its bytes are deleted in the same transaction and null is returned.
 */
async function insertIssued(
  tx: Queryable,
  fluxId: number,
  kind: StoredDocumentKind,
  fileName: string,
  bytes: Buffer,
): Promise<IssuedDocument | null> {
  const content = await insertContent(tx, {
    nature: kind,
    bytes,
    mimeType: kind === 'facture_xml' ? 'text/xml' : 'application/pdf',
  });
  const inserted = await tx.query(
    `INSERT INTO "MKP_DocumentEmis" ("ID_FluxFinancier", "Type", "ID_Contenu", "Sha256", "NomFichier")
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT ("ID_FluxFinancier", "Type") DO NOTHING RETURNING id`,
    [fluxId, kind, content.id, content.sha256, fileName],
  );
  if (inserted.length === 1) return { contentId: content.id, sha256: content.sha256, fileName };
  await tx.query(`DELETE FROM "DOC_Contenu" WHERE id = $1`, [content.id]);
  return null;
}

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
