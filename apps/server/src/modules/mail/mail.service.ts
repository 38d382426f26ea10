import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  actionGrant,
  billingRecipient,
  FLUX_WRITE,
  invoiceNumber,
  JOB_KIND,
  JOB_LABELS,
  mailContent,
  ModuleSlug,
  PermissionAction,
  REMINDER_LETTER,
  toCents,
  type BillingEmailAnswer,
  type MailBatchLeftOut,
  type MailBatchRequest,
  type MailDeliveryAnswer,
  type MailDeliveryView,
  type MailDocument,
  type MailDocumentRef,
  type MailDocumentType,
  type MailLogAnswer,
  type MailSendRequest,
  type ReminderLevel,
} from '@gdf/domain';
import { writeAuditRows } from '../../db/audit-log';
import type { Database } from '../../db/database';
import { uniqueViolation } from '../../db/database-errors';
import type { Queryable } from '../../db/queryable';
import { HttpError, notFound } from '../../lib/http-errors';
import type { FluxDocumentsService } from '../flux-documents/flux-documents.service';
import type { JobRow, JobRuntime } from '../jobs/job-runtime';
import { hasGrant, requireGrant, requireModule, type RequestScope } from '../scope/scope';
import {
  deliveriesOfDocument,
  deliveriesOfStructure,
  deliveryView,
  findDeliveryByKey,
  findFluxMailDocument,
  findQueuedDelivery,
  findRecipient,
  findReminderMailDocument,
  findStatementMailDocument,
  findVisibleDelivery,
  insertDelivery,
  jobIdOfKey,
  storedAttachments,
  structureName,
  updateBillingEmail,
  type DeliveryRow,
  type RecipientRow,
} from './mail.repository';
import { mailMessages as m } from './messages';

/** R-MAIL-07: who changes a structure's billing address: the holders of the flux settings' write grant. */
export const BILLING_EMAIL_WRITE = actionGrant(ModuleSlug.ParamFluxFinancier, PermissionAction.Ecriture);

/** What a delivery job is given (APP_Traitement.Parametres). */
export interface MailJobInput {
  /** MEL_Envoi rows this job delivers, in order. */
  envois: number[];
  /** Documents of the batch left out, their structure without an address (R-MAIL-08). */
  sansAdresse: MailBatchLeftOut[];
  /** The documents the batch was asked for: the same key again must name the same ones (R-MAIL-03). */
  documents?: MailDocumentRef[];
}

/** Deliveries a log shows, newest first. */
export const MAIL_LOG_LIMIT = 100;

/** A document located in scope: its structure's addresses and what its e-mail says. */
interface LocatedDocument {
  ref: MailDocumentRef;
  recipient: RecipientRow;
  mail: MailDocument;
}

/**
 * R-MAIL-05: sending a document is a write of the module it belongs to: a flux's documents need
 * the flux write grant, a relevé what issuing one needs (the flux module), a reminder letter
 * the letters' grant (Impayés).
 */
/**
 * R-MAIL-05: the server's answer and who asked are shown to the holders of the document's send
 * grant; a structure reading the deliveries of its own documents sees their status and dates
 * only, unless it asked them itself (its own relevé).
 */
export function deliveryViewFor(scope: RequestScope, row: DeliveryRow): MailDeliveryView {
  const view = deliveryView(row);
  let shown = hasSendGrant(scope, row.type);
  if (shown && row.structureId === scope.currentStructureId && !hasGrant(scope, FLUX_WRITE))
    shown = row.userId === scope.actor.userId;
  return shown ? view : { ...view, reponseServeur: null, demandePar: null };
}

function hasSendGrant(scope: RequestScope, type: MailDocumentType): boolean {
  try {
    requireSendGrant(scope, type);
    return true;
  } catch (error) {
    if (error instanceof HttpError) return false;
    throw error;
  }
}

export function requireSendGrant(scope: RequestScope, type: MailDocumentType): void {
  if (type === 'facture') requireGrant(scope, FLUX_WRITE, m.noFluxWrite);
  else if (type === 'releve') requireModule(scope, ModuleSlug.FluxFinanciers);
  else requireGrant(scope, REMINDER_LETTER);
}

/**
 * R-MAIL-03: a request key is its asker's own (CleDemande, APP_Traitement.Cle): another user's
 * key never answers with their delivery or job, nor refuses this one.
 */
export const userKey = (scope: RequestScope, key: string) => `${scope.actor.userId}:${key}`;

/** A delivery's own tag in its Message-ID (R-MAIL-04), derived from its key. */
export const keyTag = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 16);

export interface MailBatchAnswer {
  traitement: JobRow | null;
  /** Deliveries this batch queued, or found queued already for the same document and address. */
  envois: number;
  sansAdresse: MailBatchLeftOut[];
  nouveau: boolean;
}

/**
 * E-mail delivery of issued documents (R-MAIL-01 to R-MAIL-08): grant and scope first, then one
 * transaction that writes the delivery's log row, its job and its audit row together, so a
 * delivery asked is never lost; the job sends it (mail-job.ts).
 */
export function createMailService(database: Database, jobs: JobRuntime, fluxDocuments: FluxDocumentsService) {
  async function locate(scope: RequestScope, ref: MailDocumentRef): Promise<LocatedDocument> {
    if (ref.type === 'facture') {
      const row = await findFluxMailDocument(database, scope, ref.id);
      if (!row) throw notFound(m.documentNotFound.facture);
      const invoiceKind = !row.isDebit ? 'avoir' : row.originId !== null ? 'avis' : 'facture';
      const number =
        invoiceKind === 'avis'
          ? invoiceNumber(row.originSeasonId!, row.originId!)
          : invoiceNumber(row.seasonId, row.fluxId);
      return {
        ref,
        recipient: row,
        mail: {
          kind: 'facture',
          invoiceKind,
          number,
          cents: toCents(row.ttc),
          directDebit: row.categoryId === 5,
          dueDay: row.dueDay,
        },
      };
    }
    if (ref.type === 'releve') {
      const row = await findStatementMailDocument(database, scope, ref.id);
      if (!row) throw notFound(m.documentNotFound.releve);
      return {
        ref,
        recipient: row,
        mail: {
          kind: 'releve',
          number: row.number,
          from: row.from,
          to: row.to,
          balanceCents: Number(row.balanceCents),
        },
      };
    }
    const row = await findReminderMailDocument(database, scope, ref.id);
    if (!row) throw notFound(m.documentNotFound.relance);
    return {
      ref,
      recipient: row,
      mail: { kind: 'relance', level: row.level as ReminderLevel, day: row.day, cents: Number(row.cents) },
    };
  }

  /** A flux's facture issued at its first download (R-DOC-02) is issued now, so the job attaches stored bytes only. */
  async function ensureIssued(scope: RequestScope, ref: MailDocumentRef): Promise<void> {
    if (ref.type !== 'facture') return;
    if ((await storedAttachments(database, 'facture', ref.id)).length > 0) return;
    const issued = await fluxDocuments.download(scope, 'facture', ref.id, { audit: false });
    if (!Buffer.isBuffer(issued.body)) (issued.body as Readable).destroy();
  }

  const recipientOf = (row: RecipientRow) =>
    billingRecipient({
      billingEmail: row.billingEmail,
      hasCorrespondent: row.hasCorrespondent,
      correspondentEmail: row.correspondentEmail,
    });

  /**
   * R-MAIL-03 in one transaction: the key answers with its delivery; a delivery of the same
   * document to the same address still queued answers instead of a second one; otherwise the
   * row, its job and the audit row. Concurrent requests for one document wait for each other
   * (advisory lock); two requests with one key for two documents meet on the key's unique index.
   */
  async function queueOne(
    scope: RequestScope,
    located: LocatedDocument,
    key: string,
    to: string,
    resentFrom: number | null,
  ): Promise<MailDeliveryAnswer> {
    const sender = await structureName(database, scope.currentStructureId);
    const content = mailContent(located.mail, located.recipient.name, sender);
    await jobs.start();
    let queued: DeliveryRow | null = null;
    const answer = await database
      .transaction(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`mel:${located.ref.type}:${located.ref.id}`]);
        const known = await existing(tx, key, located.ref, to);
        if (known) return { envoi: deliveryViewFor(scope, known), nouveau: false };
        const row = await insertDelivery(tx, {
          structureId: located.recipient.structureId,
          type: located.ref.type,
          documentId: located.ref.id,
          to,
          subject: content.subject,
          key,
          userId: scope.actor.userId,
          resentFrom,
        });
        const input: MailJobInput = { envois: [row.id], sansAdresse: [] };
        await jobs.enqueueWithin(
          tx,
          JOB_KIND.mail,
          { userId: scope.actor.userId, structureId: scope.currentStructureId },
          input,
          { label: JOB_LABELS.mail(1, content.subject), key: `envoi-email:${row.id}` },
        );
        await writeAuditRows(tx, [auditOf(scope, row, resentFrom)]);
        queued = row;
        return { envoi: deliveryViewFor(scope, row), nouveau: true };
      })
      .catch(async (error: unknown) => {
        if (!isKeyConflict(error)) throw error;
        const known = await existing(database, key, located.ref, to);
        if (!known) throw error;
        return { envoi: deliveryViewFor(scope, known), nouveau: false };
      });
    if (queued) jobs.wake(JOB_KIND.mail);
    return answer;
  }

  /** The delivery the key or the queue already holds for this document (R-MAIL-03); a key of another document is refused. */
  async function existing(db: Queryable, key: string, ref: MailDocumentRef, to: string): Promise<DeliveryRow | null> {
    const byKey = await findDeliveryByKey(db, key);
    if (byKey) {
      if (byKey.type !== ref.type || byKey.documentId !== ref.id) throw new HttpError(409, m.keyTaken, 'conflict');
      return byKey;
    }
    return findQueuedDelivery(db, ref.type, ref.id, to);
  }

  /**
   * R-MAIL-03: the job this user's batch key started, if any: it must be the caller's and name the
   * same documents, otherwise the key is refused (409) without telling anything of that job.
   */
  async function knownBatch(
    scope: RequestScope,
    jobKey: string,
    request: MailBatchRequest,
  ): Promise<MailBatchAnswer | null> {
    const id = await jobIdOfKey(database, jobKey);
    if (id === null) return null;
    const job = await jobs.waitFor(id, 0);
    const asked = (job.input as Partial<MailJobInput> | null)?.documents;
    if (job.userId !== scope.actor.userId || !asked || documentsKey(asked) !== documentsKey(request.documents))
      throw new HttpError(409, m.batchKeyTaken, 'conflict');
    return { traitement: job, envois: 0, sansAdresse: [], nouveau: false };
  }

  function addressOrRefusal(located: LocatedDocument): string {
    const recipient = recipientOf(located.recipient);
    if (recipient.address === null)
      throw new HttpError(409, m.noAddress(located.recipient.name, recipient.reason), 'no-address');
    return recipient.address;
  }

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
    const located = await locate(scope, ref);
    const recipient = recipientOf(located.recipient);
    if (recipient.address === null) return { envoi: null, structure: located.recipient.name, raison: recipient.reason };
    await ensureIssued(scope, ref);
    return queueOne(scope, located, userKey(scope, request.cle), recipient.address, null);
  }

  return {
    /**
     * What a delivery's e-mail says, read again under the asker's scope when the job sends it; a
     * facture a batch names that was never downloaded is issued here (R-DOC-02), in the job rather
     * than in the batch's request.
     */
    async describeDocument(scope: RequestScope, row: DeliveryRow) {
      const located = await locate(scope, { type: row.type, id: row.documentId });
      await ensureIssued(scope, located.ref);
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
      const located = await locate(scope, { type: original.type, id: original.documentId });
      const to = addressOrRefusal(located);
      return queueOne(scope, located, userKey(scope, key), to, original.id);
    },

    /** R-MAIL-08: several documents, one job; the structures without an address are listed with the reason. */
    async sendBatch(scope: RequestScope, request: MailBatchRequest): Promise<MailBatchAnswer> {
      for (const type of new Set(request.documents.map((d) => d.type))) requireSendGrant(scope, type);
      const jobKey = `envoi-email-lot:${userKey(scope, request.cle)}`;
      const known = await knownBatch(scope, jobKey, request);
      if (known) return known;
      const located: LocatedDocument[] = [];
      for (const ref of request.documents) located.push(await locate(scope, ref));
      const sender = await structureName(database, scope.currentStructureId);
      const leftOut: MailBatchLeftOut[] = [];
      const toSend: Array<{ located: LocatedDocument; to: string; subject: string }> = [];
      for (const item of located) {
        const recipient = recipientOf(item.recipient);
        if (recipient.address === null) {
          leftOut.push({
            ...item.ref,
            structureId: item.recipient.structureId,
            structure: item.recipient.name,
            raison: recipient.reason,
          });
          continue;
        }
        toSend.push({
          located: item,
          to: recipient.address,
          subject: mailContent(item.mail, item.recipient.name, sender).subject,
        });
      }
      await jobs.start();
      const owner = { userId: scope.actor.userId, structureId: scope.currentStructureId };
      const result: MailBatchAnswer | null = await database
        .transaction(async (tx): Promise<MailBatchAnswer | null> => {
          await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [jobKey]);
          // The same batch asked at the same time: the first one's job answers (after this transaction).
          if ((await jobIdOfKey(tx, jobKey)) !== null) return null;
          const ids: number[] = [];
          const audit = [];
          for (const item of toSend) {
            const ref = item.located.ref;
            const key = `${userKey(scope, request.cle)}:${ref.type}:${ref.id}`;
            const known =
              (await findDeliveryByKey(tx, key)) ?? (await findQueuedDelivery(tx, ref.type, ref.id, item.to));
            if (known) {
              if (known.key === key) ids.push(known.id);
              continue; // queued already by another click: that job sends it
            }
            const row = await insertDelivery(tx, {
              structureId: item.located.recipient.structureId,
              type: ref.type,
              documentId: ref.id,
              to: item.to,
              subject: item.subject,
              key,
              userId: scope.actor.userId,
              resentFrom: null,
            });
            ids.push(row.id);
            audit.push(auditOf(scope, row, null));
          }
          const input: MailJobInput = { envois: ids, sansAdresse: leftOut, documents: request.documents };
          const job = await jobs.enqueueWithin(tx, JOB_KIND.mail, owner, input, {
            label: JOB_LABELS.mail(request.documents.length, null),
            key: jobKey,
          });
          await writeAuditRows(tx, audit);
          return { traitement: job, envois: ids.length, sansAdresse: leftOut, nouveau: true };
        })
        .catch((error: unknown) => {
          if (uniqueViolation(error) === null) throw error;
          return null; // the job key's unique index: the same batch committed first
        });
      if (result === null) {
        const same = await knownBatch(scope, jobKey, request);
        if (!same) throw new HttpError(409, m.batchKeyTaken, 'conflict');
        return same;
      }
      jobs.wake(JOB_KIND.mail);
      return result;
    },

    /** A document's delivery log: whoever may read the document sees it. */
    async documentLog(scope: RequestScope, ref: MailDocumentRef): Promise<MailLogAnswer> {
      requireModule(scope, ModuleSlug.FluxFinanciers);
      await locate(scope, ref);
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

function auditOf(scope: RequestScope, row: DeliveryRow, resentFrom: number | null) {
  return {
    userId: scope.actor.userId,
    structureId: scope.currentStructureId,
    action: resentFrom === null ? 'envoi_email_demande' : 'renvoi_email_demande',
    table: 'MEL_Envoi',
    targetId: row.id,
    details: {
      type: row.type,
      document: row.documentId,
      structure: row.structureId,
      destinataire: row.to,
      ...(resentFrom === null ? {} : { renvoiDe: resentFrom }),
    },
  };
}

/** A known key answers only to a caller who sees its structure (never another scope's delivery). */
function canSee(scope: RequestScope, row: DeliveryRow): boolean {
  return scope.unrestricted || row.userId === scope.actor.userId;
}

/** A batch's documents, in a comparable form (order and repeats aside). */
const documentsKey = (documents: readonly MailDocumentRef[]) =>
  [...new Set(documents.map((d) => `${d.type}:${d.id}`))].sort().join(',');

const isKeyConflict = (error: unknown) => {
  const violation = uniqueViolation(error);
  return (
    violation !== null &&
    (violation.constraint === 'mel_envoi_cle_uq' || String((error as Error).message ?? '').includes('mel_envoi_cle_uq'))
  );
};
