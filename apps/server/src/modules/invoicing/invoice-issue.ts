import { INVOICING_WRITE, invoiceNumber, type IssuedInvoiceView, type IssueMailOutcome } from '@gdf/domain';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { HttpError } from '../../lib/http-errors';
import { issueFluxDocuments, uncommittedInvoiceInput } from '../flux-documents/flux-documents.service';
import { requireSendGrant, type MailService } from '../mail/mail.service';
import { inThreadRenderer } from '../../render/render-pool';
import { requireGrant, type RequestScope } from '../scope/scope';
import { toDraftView } from './draft-view';
import { findDraft, markDraftIssued } from './draft.repository';
import {
  INVOICING_AUDIT,
  audit,
  checkInvoiceFor,
  invoiceFluxFor,
  invoiceValues,
  requireEditable,
  storedDraftValues,
  visibleDraft,
  type InvoicingSettings,
} from './invoice-checks';
import { insertInvoiceFlux } from './invoice-flux.repository';
import { invoicingMessages as m } from './messages';

/** R-MAIL-09: the e-mail key of 'Émettre et envoyer' (R-MAIL-03's form), made of the draft and the version asked. */
const issueMailKey = (draftId: number, version: number) => `emission-facture-${draftId}-v${version}`;

/** Thrown inside a preview's transaction so that it rolls back with what it read. */
class PreviewRead extends Error {
  constructor(readonly input: NonNullable<Awaited<ReturnType<typeof uncommittedInvoiceInput>>>) {
    super('preview');
  }
}

/** A draft checked on `at` and made into its flux and lines (R-INV-05), in `tx`. */
async function createDraftFlux(
  tx: Queryable,
  scope: RequestScope,
  values: ReturnType<typeof storedDraftValues>,
  at: Date,
) {
  await checkInvoiceFor(tx, scope, values, at);
  const flux = await invoiceFluxFor(tx, values, at);
  const [created] = await insertInvoiceFlux(tx, [values.structureId], invoiceValues(values, flux.ID_Saison, at));
  return { flux, fluxId: created!.fluxId };
}

/** A draft's preview, its issue, and 'Émettre et envoyer' (R-INV-05, R-MAIL-09). */
export function createInvoiceIssue(database: Database, settings: InvoicingSettings, now: () => Date) {
  const renderer = settings.renderer ?? inThreadRenderer;

  /** R-MAIL-09: the invoice a draft became when it was issued from this very version (a retried request), or null. */
  async function retriedIssue(scope: RequestScope, id: number, version: number): Promise<IssuedInvoiceView | null> {
    const draft = await findDraft(database, scope, id);
    if (!draft || draft.fluxId === null || draft.seasonId === null || draft.version !== version + 1) return null;
    const { totalCentimes } = toDraftView(draft);
    return { fluxId: draft.fluxId, numero: invoiceNumber(draft.seasonId, draft.fluxId), totalCentimes };
  }

  /**
   * R-INV-05: 'Émettre': the draft checked again on the issue day, its flux and lines made and
   * issued (R-DOC-01: numbered, mentions and parties frozen) in one transaction with the
   * draft marked issued (R-INV-06) and the audit row.
   */
  async function issue(scope: RequestScope, id: number, version: number): Promise<IssuedInvoiceView> {
    requireGrant(scope, INVOICING_WRITE);
    const at = now();
    return database.transaction(async (tx) => {
      const draft = await visibleDraft(tx, scope, id, true);
      requireEditable(draft, version);
      const values = storedDraftValues(draft);
      const { flux, fluxId } = await createDraftFlux(tx, scope, values, at);
      await markDraftIssued(tx, id, fluxId);
      await audit(tx, scope, INVOICING_AUDIT.invoiceIssued, 'MKP_FluxFinancier', fluxId, {
        brouillon: id,
        structure: values.structureId,
        totalCentimes: flux.MontantTTC,
        lignes: values.lines.length,
      });
      await issueFluxDocuments(tx, { fromId: fluxId, toId: fluxId + 1 }, settings.issuance);
      return { fluxId, numero: invoiceNumber(flux.ID_Saison, fluxId), totalCentimes: flux.MontantTTC };
    });
  }

  return {
    /**
     * R-INV-05: the invoice the draft would issue now, marked 'BROUILLON': its flux is made and
     * issued in a transaction that is rolled back once read, so nothing is stored or numbered.
     */
    async preview(scope: RequestScope, id: number): Promise<{ fileName: string; pdf: Buffer }> {
      // It runs a whole issue (then rolled back): preparing an invoice, a writer's act (R-INV-10).
      requireGrant(scope, INVOICING_WRITE);
      const at = now();
      let read: PreviewRead['input'] | null = null;
      try {
        await database.transaction(async (tx) => {
          const draft = await visibleDraft(tx, scope, id);
          const { fluxId } = await createDraftFlux(tx, scope, storedDraftValues(draft), at);
          await issueFluxDocuments(tx, { fromId: fluxId, toId: fluxId + 1 }, settings.issuance);
          const input = await uncommittedInvoiceInput(tx, scope, fluxId);
          if (!input) throw new Error(`Aperçu du brouillon ${id} : émission impossible`);
          throw new PreviewRead(input);
        });
      } catch (error) {
        if (!(error instanceof PreviewRead)) throw error;
        read = error.input;
      }
      const rendered = await renderer.render({
        kind: 'facture-brouillon',
        invoice: read!.invoice,
        issuedAt: read!.issuedAt,
        fileName: m.previewFileName(id),
      });
      return { fileName: rendered.fileName, pdf: Buffer.from(rendered.pdf) };
    },

    issue,

    /**
     * R-MAIL-09: 'Émettre et envoyer': both grants checked before anything is issued, the draft
     * issued as by 'Émettre', then its facture (a category-5 one is its SEPA pre-notification,
     * R-FACT-10) queued for its structure's address under a key made of the draft and the
     * version asked, so the same request again answers with the same delivery (`nouveau` false).
     * A structure without an address has its invoice issued and the answer gives the reason.
     */
    async issueAndSend(
      scope: RequestScope,
      id: number,
      version: number,
      mail: Pick<MailService, 'sendIfAddressed' | 'deliveryOfKey'>,
    ): Promise<IssuedInvoiceView & { envoiEmail: IssueMailOutcome; nouveau: boolean }> {
      requireGrant(scope, INVOICING_WRITE);
      requireSendGrant(scope, 'facture');
      const cle = issueMailKey(id, version);
      let issued: IssuedInvoiceView;
      try {
        issued = await issue(scope, id, version);
      } catch (error) {
        const retried =
          error instanceof HttpError && error.statusCode === 409 && (await retriedIssue(scope, id, version));
        if (!retried) throw error;
        const known = await mail.deliveryOfKey(scope, { type: 'facture', id: retried.fluxId, cle });
        if (!known) throw error;
        return { ...retried, envoiEmail: known, nouveau: false };
      }
      const envoiEmail = await mail.sendIfAddressed(scope, { type: 'facture', id: issued.fluxId, cle });
      return { ...issued, envoiEmail, nouveau: true };
    },
  };
}
