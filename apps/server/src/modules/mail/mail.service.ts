import {
  ModuleSlug,
  type BillingEmailAnswer,
  type MailDeliveryAnswer,
  type MailDocumentRef,
  type MailLogAnswer,
  type MailSendRequest,
} from '@gdf/domain';
import { writeAuditRows } from '../../db/audit-log';
import type { Database } from '../../db/database';
import { HttpError, notFound } from '../../lib/http-errors';
import type { FluxDocumentsService } from '../flux-documents/flux-documents.service';
import type { JobRuntime } from '../jobs/job-runtime';
import { hasGrant, requireGrant, requireModule, type RequestScope } from '../scope/scope';
import { createMailBatch } from './mail-batch';
import { findRecipient, structureName, updateBillingEmail } from './mail-documents.repository';
import { addressOrRefusal, createMailDocuments, describeRecap, recipientOf } from './mail-documents';
import { BILLING_EMAIL_WRITE, canSee, deliveryViewFor, requireSendGrant } from './mail-grants';
import { userKey } from './mail-keys';
import { createMailQueue } from './mail-queue';
import {
  deliveriesOfDocument,
  deliveriesOfStructure,
  findDeliveryByKey,
  findVisibleDelivery,
  type DeliveryRow,
} from './mail.repository';
import { mailMessages as m } from './messages';

export { requireSendGrant } from './mail-grants';
/** For the product's own deliveries (a month's recaps, R-RECAP-07): the structure that signs, and the queue. */
export { structureName } from './mail-documents.repository';
export { queueDeliveriesWithin, type ProductDelivery } from './mail-queue';

/** Deliveries a log shows, newest first. */
const MAIL_LOG_LIMIT = 100;

/**
 * E-mail delivery of issued documents (R-MAIL-01 to R-MAIL-08): grant and scope first, then one
 * transaction that writes the delivery's log row, its job and its audit row together, so a
 * delivery asked is never lost; the job sends it (mail-job.ts).
 */
export function createMailService(database: Database, jobs: JobRuntime, fluxDocuments: FluxDocumentsService) {
  const documents = createMailDocuments(database, fluxDocuments);
  const queueOne = createMailQueue(database, jobs);
  const sendBatch = createMailBatch(database, jobs, documents);

  /** R-MAIL-03: the delivery the caller's key already queued for this document, or null. */
  async function keyedDelivery(scope: RequestScope, request: MailSendRequest): Promise<MailDeliveryAnswer | null> {
    const byKey = await findDeliveryByKey(database, userKey(scope, request.cle));
    return byKey && byKey.type === request.type && byKey.documentId === request.id && canSee(scope, byKey)
      ? { envoi: deliveryViewFor(scope, byKey), nouveau: false }
      : null;
  }

  /** R-MAIL-03, R-MAIL-09: one document, one click; without an address, the reason (nothing queued). */
  async function sendIfAddressed(
    scope: RequestScope,
    request: MailSendRequest,
  ): Promise<MailDeliveryAnswer | { envoi: null; structure: string; raison: string }> {
    requireSendGrant(scope, request.type);
    const known = await keyedDelivery(scope, request);
    if (known) return known;
    const ref = { type: request.type, id: request.id };
    const located = await documents.locate(scope, ref);
    const recipient = recipientOf(located.recipient);
    if (recipient.address === null) return { envoi: null, structure: located.recipient.name, raison: recipient.reason };
    await documents.ensureIssued(scope, ref);
    return queueOne(scope, located, userKey(scope, request.cle), recipient.address, null);
  }

  return {
    /**
     * What a delivery's e-mail says, read again under the asker's scope when the job sends it; a
     * facture a batch names that was never downloaded is issued here (R-DOC-02), in the job rather
     * than in the batch's request.
     */
    async describeDocument(scope: RequestScope, row: DeliveryRow) {
      if (row.type === 'recapitulatif') return describeRecap(database, scope, row.documentId);
      const located = await documents.locate(scope, { type: row.type, id: row.documentId });
      await documents.ensureIssued(scope, located.ref);
      return { document: located.mail, structure: located.recipient.name };
    },

    /** Who signs the e-mails: the structure the asker acts for. */
    senderName: (scope: RequestScope) => structureName(database, scope.currentStructureId),

    /** R-MAIL-03: 'Envoyer par e-mail' on one document. */
    async send(scope: RequestScope, request: MailSendRequest): Promise<MailDeliveryAnswer> {
      const answer = await sendIfAddressed(scope, request);
      if (answer.envoi === null) throw new HttpError(409, m.noAddress(answer.structure, answer.raison), 'no-address');
      return answer;
    },

    /**
     * R-MAIL-09: 'Émettre et envoyer': as `send`, but a structure without an address answers with
     * the reason instead of a refusal (its document is issued anyway).
     */
    sendIfAddressed,

    /** R-MAIL-09: the delivery this caller's key queued for this document, if any (a retried request). */
    async deliveryOfKey(scope: RequestScope, request: MailSendRequest): Promise<MailDeliveryAnswer | null> {
      requireSendGrant(scope, request.type);
      return keyedDelivery(scope, request);
    },

    /** R-MAIL-04: 'Renvoyer': a new delivery of the same document, to its address now, naming the one it repeats. */
    async resend(scope: RequestScope, deliveryId: number, key: string): Promise<MailDeliveryAnswer> {
      const original = await findVisibleDelivery(database, scope, deliveryId);
      if (!original) throw notFound(m.deliveryNotFound);
      requireSendGrant(scope, original.type);
      // R-RECAP-07: a recap's e-mail is the product's, sent once; it is not sent again by hand.
      if (original.type === 'recapitulatif') throw new HttpError(409, m.recapNotResent, 'conflict');
      const located = await documents.locate(scope, { type: original.type, id: original.documentId });
      const to = addressOrRefusal(located);
      return queueOne(scope, located, userKey(scope, key), to, original.id);
    },

    /** R-MAIL-08: several documents, one job; the structures without an address are listed with the reason. */
    sendBatch,

    /** A document's delivery log: whoever may read the document sees it. */
    async documentLog(scope: RequestScope, ref: MailDocumentRef): Promise<MailLogAnswer> {
      requireModule(scope, ModuleSlug.FluxFinanciers);
      await documents.locate(scope, ref);
      const rows = await deliveriesOfDocument(database, ref.type, ref.id, MAIL_LOG_LIMIT);
      return { envois: rows.map((row) => deliveryViewFor(scope, row)) };
    },

    /** A structure's delivery log ('Situation de la structure', Impayés). */
    async structureLog(scope: RequestScope, structureId: number): Promise<MailLogAnswer> {
      requireModule(scope, ModuleSlug.FluxFinanciers);
      if (!(await findRecipient(database, scope, structureId))) throw notFound(m.structureNotFound);
      const rows = await deliveriesOfStructure(database, structureId, MAIL_LOG_LIMIT);
      return { envois: rows.map((row) => deliveryViewFor(scope, row)) };
    },

    /** R-MAIL-01, R-MAIL-07: the field and whom the documents go to now. */
    async billingEmail(scope: RequestScope, structureId: number): Promise<BillingEmailAnswer> {
      requireModule(scope, ModuleSlug.FluxFinanciers);
      const row = await findRecipient(database, scope, structureId);
      if (!row) throw notFound(m.structureNotFound);
      return {
        structureId,
        emailFacturation: row.billingEmail,
        destinataire: recipientOf(row),
        modifiable: hasGrant(scope, BILLING_EMAIL_WRITE),
      };
    },

    /** R-MAIL-07: grant, scope, then the field and its audit row (before, after) in one transaction. */
    async updateBillingEmail(
      scope: RequestScope,
      structureId: number,
      email: string | null,
    ): Promise<BillingEmailAnswer> {
      requireGrant(scope, BILLING_EMAIL_WRITE, m.noBillingEmailWrite);
      if (!(await findRecipient(database, scope, structureId))) throw notFound(m.structureNotFound);
      await database.transaction(async (tx) => {
        const changed = await updateBillingEmail(tx, structureId, email);
        if (!changed) throw notFound(m.structureNotFound);
        await writeAuditRows(tx, [
          {
            userId: scope.actor.userId,
            structureId: scope.currentStructureId,
            action: 'email_facturation',
            table: 'STR_Structure',
            targetId: structureId,
            details: { avant: changed.before, apres: email },
          },
        ]);
      });
      return this.billingEmail(scope, structureId);
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
