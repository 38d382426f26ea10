import {
  JOB_KIND,
  JOB_LABELS,
  mailContent,
  type MailBatchLeftOut,
  type MailDeliveryAnswer,
  type MailDocumentRef,
} from '@gdf/domain';
import { writeAuditRows } from '../../db/audit-log';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { HttpError } from '../../lib/http-errors';
import type { JobOwner } from '../jobs/job-kind';
import type { JobRuntime } from '../jobs/job-runtime';
import type { RequestScope } from '../scope/scope';
import { structureName } from './mail-documents.repository';
import type { LocatedDocument } from './mail-documents';
import { deliveryViewFor } from './mail-grants';
import { isKeyConflict } from './mail-keys';
import {
  findDeliveryByKey,
  findQueuedDelivery,
  insertDelivery,
  lockMailKey,
  type DeliveryRow,
  type NewDelivery,
} from './mail.repository';
import { mailMessages as m } from './messages';

/** What a delivery job is given (APP_Traitement.Parametres). */
export interface MailJobInput {
  /** MEL_Envoi rows this job delivers, in order. */
  envois: number[];
  /** Documents of the batch left out, their structure without an address (R-MAIL-08). */
  sansAdresse: MailBatchLeftOut[];
  /** The documents the batch was asked for: the same key again must name the same ones (R-MAIL-03). */
  documents?: MailDocumentRef[];
}

/** The audit row of a delivery asked (or asked again: `resentFrom`). */
export function auditOf(scope: RequestScope, row: DeliveryRow, resentFrom: number | null) {
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

/** The delivery the key or the queue already holds for this document (R-MAIL-03); a key of another document is refused. */
async function existingDelivery(
  db: Queryable,
  key: string,
  ref: MailDocumentRef,
  to: string,
): Promise<DeliveryRow | null> {
  const byKey = await findDeliveryByKey(db, key);
  if (byKey) {
    if (byKey.type !== ref.type || byKey.documentId !== ref.id) throw new HttpError(409, m.keyTaken, 'conflict');
    return byKey;
  }
  return findQueuedDelivery(db, ref.type, ref.id, to);
}

/**
 * R-MAIL-03 in one transaction: the key answers with its delivery; a delivery of the same
 * document to the same address still queued answers instead of a second one; otherwise the
 * row, its job and the audit row. Concurrent requests for one document wait for each other
 * (advisory lock); two requests with one key for two documents meet on the key's unique index.
 */
export function createMailQueue(database: Database, jobs: JobRuntime) {
  return async function queueOne(
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
        await lockMailKey(tx, `mel:${located.ref.type}:${located.ref.id}`);
        const known = await existingDelivery(tx, key, located.ref, to);
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
        const known = await existingDelivery(database, key, located.ref, to);
        if (!known) throw error;
        return { envoi: deliveryViewFor(scope, known), nouveau: false };
      });
    if (queued) jobs.wake(JOB_KIND.mail);
    return answer;
  };
}

/** A delivery the product queues itself, keyed by its document: sent once (R-MAIL-03, R-RECAP-07). */
export type ProductDelivery = Omit<NewDelivery, 'userId' | 'resentFrom'>;

/**
 * Deliveries the product queues in the caller's transaction (a month's recaps, R-RECAP-07): their
 * log rows (the key of each unique: never a second delivery of one document), then one job that
 * sends them all, owned by `owner`. Returns the rows' ids; no job when there is none.
 */
export async function queueDeliveriesWithin(
  tx: Queryable,
  jobs: JobRuntime,
  owner: JobOwner,
  deliveries: readonly ProductDelivery[],
  jobKey: string,
): Promise<number[]> {
  const envois: number[] = [];
  for (const delivery of deliveries)
    envois.push((await insertDelivery(tx, { ...delivery, userId: owner.userId, resentFrom: null })).id);
  if (envois.length === 0) return envois;
  const input: MailJobInput = { envois, sansAdresse: [] };
  await jobs.enqueueWithin(tx, JOB_KIND.mail, owner, input, {
    label: JOB_LABELS.mail(envois.length, null),
    key: jobKey,
  });
  return envois;
}
