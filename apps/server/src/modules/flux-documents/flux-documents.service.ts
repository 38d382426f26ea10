import { ModuleSlug, buildInvoiceDocument, buildStatementDocument, type FluxDocumentKind } from '@gdf/domain';
import type { Database } from '../../db/database';
import { notFound } from '../../lib/http-errors';
import { requireModule, type RequestScope } from '../scope/scope';
import { findFluxForDocument, findHeadOffice } from './flux-documents.repository';
import { findInvoiceFacts } from './invoice-facts.repository';
import { renderInvoicePdf } from './invoice-pdf';
import { renderStatementPdf } from './statement-pdf';

export interface RenderedPdf {
  fileName: string;
  pdf: Buffer;
}

export interface FluxDocumentsService {
  render(scope: RequestScope, kind: FluxDocumentKind, fluxId: number): Promise<RenderedPdf>;
}

const FLUX_NOT_FOUND = 'Flux financier introuvable';

export interface FluxDocumentsSettings {
  /** The SEPA creditor identifier printed in direct-debit pre-notifications. */
  creditorIdentifier: string;
}

/** Scope and permission first; a flux the caller may not see is "not found", never "forbidden". */
export function createFluxDocumentsService(database: Database, settings: FluxDocumentsSettings): FluxDocumentsService {
  return {
    async render(scope, kind, fluxId) {
      requireModule(scope, ModuleSlug.FluxFinanciers);
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
    },
  };
}
