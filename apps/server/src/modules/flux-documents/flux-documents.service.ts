import { ModuleSlug, documentFileName, type FluxDocumentKind } from '@gdf/domain';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/database';
import { notFound } from '../../lib/http-errors';
import { openContent } from '../document-store/document-store.service';
import { requireModule, type RequestScope } from '../scope/scope';
import { issueOneFlux, type IssuanceSettings } from './issue-documents';
import { findIssuedFlux } from './issued-flux.repository';
import {
  ISSUED_DOCUMENT_AUDIT,
  findIssuedDocument,
  storeIssuedDocument,
  writeIssuedDocumentAudit,
  type IssuedDocument,
  type IssuedXml,
  type StoredDocumentKind,
} from './issued-documents.repository';
import type { HeavyWork } from '../../lib/heavy-work/heavy-work';
import { inThreadRenderer, type DocumentRenderer } from '../../render/render-pool';

// What other modules use of the issuance (R-DOC-*): they reach it through this service.
export { issueFluxDocuments, type IssuanceSettings } from './issue-documents';
export { uncommittedInvoiceInput } from './invoice-preview';

interface RenderedPdf {
  fileName: string;
  pdf: Buffer;
  /** A Factur-X facture's XML, issued and stored with it. */
  xml?: IssuedXml | null;
}

/** A document as issued: the stored bytes, their SHA-256 and the name it downloads under (R-DOC-05). */
interface IssuedPdf {
  fileName: string;
  sha256: string;
  size: number;
  body: Buffer | Readable;
}

export interface FluxDocumentsService {
  /**
   * `audit: false` for a document pack (R-DOC-08), which writes one audit row for the whole
   * pack; a first issuance still writes its own 'emission_document' row.
   */
  download(
    scope: RequestScope,
    kind: FluxDocumentKind,
    fluxId: number,
    options?: { audit?: boolean },
  ): Promise<IssuedPdf>;
  /** The Factur-X XML issued inside the flux's facture (issuing the facture first if needed). */
  downloadXml(scope: RequestScope, fluxId: number): Promise<IssuedPdf>;
}

const FLUX_NOT_FOUND = 'Flux financier introuvable';
const NO_FACTUR_X =
  "Ce document n'a pas de XML Factur-X : un avis de prélèvement n'est pas une facture, et une facture " +
  'émise avant le format Factur-X reste telle qu’elle a été émise.';

export interface FluxDocumentsSettings extends IssuanceSettings {
  /** Where documents render (R-OPS-08): the server's worker threads; default the caller's thread. */
  renderer?: DocumentRenderer;
  /** The process's heavy requests a single download takes a place of (R-OPS-09); default none. */
  heavyWork?: HeavyWork;
}

/**
 * Scope and permission first, before any stored byte is read; a flux the caller may not see
 * is "not found", never "forbidden". The first download renders the document from what was
 * frozen at issuance and stores it; every later one returns the stored bytes (R-DOC-02).
 */
export function createFluxDocumentsService(database: Database, settings: FluxDocumentsSettings): FluxDocumentsService {
  const render = createRenderer(database, settings);
  return {
    async download(scope, kind, fluxId, { audit = true } = {}) {
      requireModule(scope, ModuleSlug.FluxFinanciers);
      const found = await findIssuedDocument(database, scope, fluxId, kind);
      if (!found) throw notFound(FLUX_NOT_FOUND);
      const sent = found.issued
        ? await sendStored(scope, kind, fluxId, found.issued, audit)
        : await issueAndSend(scope, kind, fluxId, audit);
      return named(sent, fluxId, found.seasonId);
    },
    async downloadXml(scope, fluxId) {
      requireModule(scope, ModuleSlug.FluxFinanciers);
      let found = await findIssuedDocument(database, scope, fluxId, 'facture_xml');
      if (!found) throw notFound(FLUX_NOT_FOUND);
      if (!found.issued) {
        const facture = await findIssuedDocument(database, scope, fluxId, 'facture');
        if (facture && !facture.issued) await issueAndSend(scope, 'facture', fluxId);
        found = await findIssuedDocument(database, scope, fluxId, 'facture_xml');
      }
      if (!found?.issued) throw notFound(NO_FACTUR_X);
      return named(await sendStored(scope, 'facture_xml', fluxId, found.issued), fluxId, found.seasonId);
    },
  };

  /** R-DOC-05: the name it downloads under, the same alone and in a pack. */
  function named(sent: IssuedPdf, fluxId: number, seasonId: number): IssuedPdf {
    return { ...sent, fileName: documentFileName(sent.fileName, { id: fluxId, seasonId }) };
  }

  /** A first download: renders, stores (with its XML for a Factur-X facture), sends. */
  async function issueAndSend(
    scope: RequestScope,
    kind: FluxDocumentKind,
    fluxId: number,
    audit = true,
  ): Promise<IssuedPdf> {
    const { fileName, pdf, xml } = await render(scope, kind, fluxId);
    const { issued, ours } = await storeIssuedDocument(database, scope, { fluxId, kind, fileName, pdf, xml });
    // Another download stored its rendering first: everybody gets that one.
    if (!ours) return sendStored(scope, kind, fluxId, issued, audit);
    return { fileName: issued.fileName, sha256: issued.sha256, size: pdf.length, body: pdf };
  }

  async function sendStored(
    scope: RequestScope,
    kind: StoredDocumentKind,
    fluxId: number,
    issued: IssuedDocument,
    audit = true,
  ): Promise<IssuedPdf> {
    const content = await openContent(database, issued.contentId);
    if (!content) throw new Error(`DOC_Contenu ${issued.contentId} introuvable pour le flux ${fluxId}`);
    if (audit) await writeIssuedDocumentAudit(database, scope, ISSUED_DOCUMENT_AUDIT.downloaded, fluxId, kind, issued);
    return { fileName: issued.fileName, sha256: content.sha256, size: content.size, body: content.body };
  }
}

/** Builds the document from its flux's frozen data: only ever called for its first download. */
function createRenderer(database: Database, settings: FluxDocumentsSettings) {
  return async (scope: RequestScope, kind: FluxDocumentKind, fluxId: number): Promise<RenderedPdf> => {
    let issued = await findIssuedFlux(database, scope, fluxId);
    if (issued === 'not-issued') {
      // Created before documents were issued with their flux and not reached by the start-up backfill yet: issued now.
      await issueOneFlux(database, fluxId, settings);
      issued = await findIssuedFlux(database, scope, fluxId);
    }
    if (issued === null) throw notFound(FLUX_NOT_FOUND);
    if (issued === 'not-issued') throw new Error(`Flux ${fluxId} : émission impossible`);
    // The frozen data read here; the document (and a facture's Factur-X XML) built off the event loop.
    const renderer = settings.renderer ?? inThreadRenderer;
    if (kind === 'releve')
      return renderer.render({ kind: 'releve-operation', statement: issued.statement, issuedAt: issued.issuedAt });
    return renderer.render({ kind: 'facture', invoice: issued.invoice, issuedAt: issued.issuedAt });
  };
}
