import { JOB_KIND, JOB_LABELS, mailContent, type MailBatchLeftOut, type MailBatchRequest } from '@gdf/domain';
import { writeAuditRows } from '../../db/audit-log';
import type { Database } from '../../db/database';
import { uniqueViolation } from '../../db/database-errors';
import type { Queryable } from '../../db/queryable';
import { HttpError } from '../../lib/http-errors';
import type { JobRow, JobRuntime } from '../jobs/job-runtime';
import type { RequestScope } from '../scope/scope';
import { structureName } from './mail-documents.repository';
import { recipientOf, type LocatedDocument, type MailDocuments } from './mail-documents';
import { requireSendGrant } from './mail-grants';
import { documentsKey, userKey } from './mail-keys';
import { auditOf, type MailJobInput } from './mail-queue';
import { findDeliveryByKey, findQueuedDelivery, insertDelivery, jobIdOfKey, lockMailKey } from './mail.repository';
import { mailMessages as m } from './messages';

export interface MailBatchAnswer {
  traitement: JobRow | null;
  /** Deliveries this batch queued, or found queued already for the same document and address. */
  envois: number;
  sansAdresse: MailBatchLeftOut[];
  nouveau: boolean;
}

/** A document of a batch with an address: where it goes and the subject its delivery is logged with. */
interface BatchItem {
  located: LocatedDocument;
  to: string;
  subject: string;
}

/** R-MAIL-08: the documents with an address, and those left out with the reason. */
function splitByAddress(located: readonly LocatedDocument[], sender: string) {
  const leftOut: MailBatchLeftOut[] = [];
  const toSend: BatchItem[] = [];
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
  return { leftOut, toSend };
}

/**
 * The batch's deliveries in its transaction: each document's row under its own key, or the one
 * already queued for it. Returns the rows the job delivers and the audit rows of those made now.
 */
async function queueItems(tx: Queryable, scope: RequestScope, batchKey: string, toSend: readonly BatchItem[]) {
  const ids: number[] = [];
  const audit = [];
  for (const item of toSend) {
    const ref = item.located.ref;
    const key = `${batchKey}:${ref.type}:${ref.id}`;
    const known = (await findDeliveryByKey(tx, key)) ?? (await findQueuedDelivery(tx, ref.type, ref.id, item.to));
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
  return { ids, audit };
}

/** R-MAIL-08: several documents, one job; the structures without an address are listed with the reason. */
export function createMailBatch(database: Database, jobs: JobRuntime, documents: MailDocuments) {
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

  /** The rows and the job in one transaction; null when the same batch committed first. */
  async function enqueue(
    scope: RequestScope,
    request: MailBatchRequest,
    jobKey: string,
    split: ReturnType<typeof splitByAddress>,
  ): Promise<MailBatchAnswer | null> {
    const owner = { userId: scope.actor.userId, structureId: scope.currentStructureId };
    return database
      .transaction(async (tx): Promise<MailBatchAnswer | null> => {
        await lockMailKey(tx, jobKey);
        // The same batch asked at the same time: the first one's job answers (after this transaction).
        if ((await jobIdOfKey(tx, jobKey)) !== null) return null;
        const { ids, audit } = await queueItems(tx, scope, userKey(scope, request.cle), split.toSend);
        const input: MailJobInput = { envois: ids, sansAdresse: split.leftOut, documents: request.documents };
        const job = await jobs.enqueueWithin(tx, JOB_KIND.mail, owner, input, {
          label: JOB_LABELS.mail(request.documents.length, null),
          key: jobKey,
        });
        await writeAuditRows(tx, audit);
        return { traitement: job, envois: ids.length, sansAdresse: split.leftOut, nouveau: true };
      })
      .catch((error: unknown) => {
        if (uniqueViolation(error) === null) throw error;
        return null; // the job key's unique index: the same batch committed first
      });
  }

  return async function sendBatch(scope: RequestScope, request: MailBatchRequest): Promise<MailBatchAnswer> {
    for (const type of new Set(request.documents.map((d) => d.type))) requireSendGrant(scope, type);
    const jobKey = `envoi-email-lot:${userKey(scope, request.cle)}`;
    const known = await knownBatch(scope, jobKey, request);
    if (known) return known;
    const located: LocatedDocument[] = [];
    for (const ref of request.documents) located.push(await documents.locate(scope, ref));
    const sender = await structureName(database, scope.currentStructureId);
    const split = splitByAddress(located, sender);
    await jobs.start();
    const result = await enqueue(scope, request, jobKey, split);
    if (result === null) {
      const same = await knownBatch(scope, jobKey, request);
      if (!same) throw new HttpError(409, m.batchKeyTaken, 'conflict');
      return same;
    }
    jobs.wake(JOB_KIND.mail);
    return result;
  };
}
