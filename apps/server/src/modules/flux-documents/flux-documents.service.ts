import { ModuleSlug, buildInvoiceDocument, buildStatementDocument, type FluxDocumentKind } from '@gdf/domain';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/database';
import { notFound } from '../../lib/http-errors';
import { openContent } from '../document-store/content-stream';
import { requireModule, type RequestScope } from '../scope/scope';
import { findFluxForDocument, findHeadOffice } from './flux-documents.repository';
import { findInvoiceFacts } from './invoice-facts.repository';
import {
  ISSUED_DOCUMENT_AUDIT,
  findIssuedDocument,
  storeIssuedDocument,
  writeIssuedDocumentAudit,
  type IssuedDocument,
} from './issued-documents.repository';
import { renderInvoicePdf } from './invoice-pdf';
import { renderStatementPdf } from './statement-pdf';

export interface RenderedPdf {
  fileName: string;
  pdf: Buffer;
}

/** A document as issued: the stored bytes, their SHA-256 and the stored file name. */
export interface IssuedPdf {
  fileName: string;
  sha256: string;
  size: number;
  body: Buffer | Readable;
}

export interface FluxDocumentsService {
  download(scope: RequestScope, kind: FluxDocumentKind, fluxId: number): Promise<IssuedPdf>;
}

const FLUX_NOT_FOUND = 'Flux financier introuvable';

export interface FluxDocumentsSettings {
  /** The SEPA creditor identifier printed in direct-debit pre-notifications. */
  creditorIdentifier: string;
}

/**
 * Scope and permission first, before any stored byte is read; a flux the caller may not see
 * is "not found", never "forbidden". The first download renders and stores the document;
 * every later one returns the stored bytes, whatever changed since (issue 16).
 */
export function createFluxDocumentsService(database: Database, settings: FluxDocumentsSettings): FluxDocumentsService {
  const render = createRenderer(database, settings);
  return {
    async download(scope, kind, fluxId) {
      requireModule(scope, ModuleSlug.FluxFinanciers);
      const found = await findIssuedDocument(database, scope, fluxId, kind);
      if (!found) throw notFound(FLUX_NOT_FOUND);
      if (found.issued) return sendStored(scope, kind, fluxId, found.issued);
      const { fileName, pdf } = await render(scope, kind, fluxId);
      const { issued, ours } = await storeIssuedDocument(database, scope, { fluxId, kind, fileName, pdf });
      // Another download stored its rendering first: everybody gets that one.
      if (!ours) return sendStored(scope, kind, fluxId, issued);
      return { fileName: issued.fileName, sha256: issued.sha256, size: pdf.length, body: pdf };
    },
  };

  async function sendStored(
    scope: RequestScope,
    kind: FluxDocumentKind,
    fluxId: number,
    issued: IssuedDocument,
  ): Promise<IssuedPdf> {
    const content = await openContent(database, issued.contentId);
    if (!content) throw new Error(`DOC_Contenu ${issued.contentId} introuvable pour le flux ${fluxId}`);
    await writeIssuedDocumentAudit(database, scope, ISSUED_DOCUMENT_AUDIT.downloaded, fluxId, kind, issued);
    return { fileName: issued.fileName, sha256: content.sha256, size: content.size, body: content.body };
  }
}

/** Builds the document from today's data: only ever called for its first download. */
function createRenderer(database: Database, settings: FluxDocumentsSettings) {
  return async (scope: RequestScope, kind: FluxDocumentKind, fluxId: number): Promise<RenderedPdf> => {
    const loaded = await findFluxForDocument(database, scope, fluxId, kind === 'facture');
    if (!loaded) throw notFound(FLUX_NOT_FOUND);
    if (kind === 'releve') {
      const statement = buildStatementDocument({ flux: loaded.flux, structure: loaded.structure });
      return { fileName: statement.fileName, pdf: await renderStatementPdf(statement) };
    }
    const headOffice = await findHeadOffice(database);
    if (!headOffice) throw new Error('Siège national (structure 1318) introuvable');
    const facts = await findInvoiceFacts(database, fluxId);
    const invoice = buildInvoiceDocument({
      flux: loaded.flux,
      lines: loaded.lines,
      buyer: loaded.structure,
      correspondent: loaded.correspondent,
      seller: headOffice.structure,
      sellerBank: headOffice.bank,
      season: loaded.season,
      settledAt: facts.settledAt,
      correctedInvoice: facts.correctedInvoice,
      relaunchOf: facts.relaunchOf,
      directDebit: {
        mandateReference: facts.mandateReference,
        creditorIdentifier: settings.creditorIdentifier,
        batchCollectionDate: facts.batchCollectionDate,
      },
    });
    return { fileName: invoice.fileName, pdf: await renderInvoicePdf(invoice) };
  };
}
