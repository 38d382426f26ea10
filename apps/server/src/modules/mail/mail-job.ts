import {
  JOB_KIND,
  mailContent,
  mailMessageId,
  senderDomain,
  type MailBatchResult,
  type MailDocument,
} from '@gdf/domain';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { HttpError } from '../../lib/http-errors';
import { openContent } from '../document-store/document-store.service';
import type { JobKind } from '../jobs/job-kind';
import { productJobScope } from '../jobs/job-scope';
import type { RequestScope } from '../scope/scope';
import { storedAttachments } from './mail-documents.repository';
import { requireSendGrant } from './mail-grants';
import { keyTag } from './mail-keys';
import type { MailJobInput } from './mail-queue';
import { findDelivery, markDelivered, markFailed, recordFailedAttempt, type DeliveryRow } from './mail.repository';
import type { MailService } from './mail.service';
import { rawServerAnswer, serverAnswer, type MailTransport, type OutgoingMail } from './mail-transport';
import { mailMessages as m } from './messages';

export interface MailJobCheckpoint {
  /** Deliveries handled by the attempt that committed it (sent or counted as failed). */
  done: number;
}

/** Messages one batch job hands to the SMTP server at once (PostgreSQL). */
const MESSAGES_IN_FLIGHT = 4;

export interface MailJobSettings {
  transport: MailTransport;
  /** MAIL_FROM: 'Nom <adresse>' or 'adresse'. */
  from: string;
  /** Tries after the first before a delivery fails (R-MAIL-04). */
  retryLimit: number;
  /** First wait before a new try, doubling at each (R-MAIL-04). */
  retryDelaySeconds: number;
  /** Jobs of this kind one process runs at once (PostgreSQL; PGlite runs one). */
  concurrency: number;
}

/**
 * R-MAIL-04: a job delivers its e-mails (a batch a few at a time). Each message is built from the
 * delivery's row and the document's stored files (attached byte for byte, checked against their
 * SHA-256), with the row's fixed Message-ID; the server's acceptance moves the row to 'envoye'
 * in a step, a failure is counted with the server's answer and the row stays queued. When any
 * failed, the job fails and the runtime tries it again later (pg-boss, doubling delay): the rows
 * already sent are skipped, so nothing is sent twice. After the last try, onStop marks the rows
 * still queued 'echec', keeping the server's last answer.
 */
/** The server's log: what a delivery log must not show (network errors, file paths, internal errors). */
export type MailJobLog = (details: Record<string, unknown>, message: string) => void;

export function mailJob(
  settings: MailJobSettings,
  service: MailService,
  log: MailJobLog = () => {},
): JobKind<MailJobInput, MailJobCheckpoint> {
  const domain = senderDomain(settings.from);
  // R-MAIL-06: a message written to the local outbox is not sent, and its log says so.
  const delivered = settings.transport.mode === 'outbox' ? 'boite_locale' : 'envoye';
  return {
    type: JOB_KIND.mail,
    retryLimit: settings.retryLimit,
    retryDelaySeconds: settings.retryDelaySeconds,
    concurrency: settings.concurrency,
    async run(context) {
      const { input, database } = context;
      // The asker's scope, read again as every job does (R-JOB-03): the document must still be theirs to send.
      // A delivery the product queued (no owner user: R-RECAP-07) is sent under the product's scope.
      const scope = await productJobScope(database, context.owner);
      const sender = await service.senderName(scope);
      const total = input.envois.length;
      const tally = { sent: 0, outboxed: 0, failed: 0, retrying: 0 };
      let done = 0;
      const step = (work: (tx: Queryable) => Promise<void>, shown: string | null) =>
        context.step(database, async (tx) => {
          await work(tx);
          done++;
          return { checkpoint: { done }, progress: { done, total, step: shown }, value: null };
        });
      const prepare = { database, scope, service, settings, domain, sender, log };
      const deliver = async (id: number) => {
        context.throwIfStopped();
        const row = await findDelivery(database, id);
        if (!row || row.status !== 'en_attente') {
          if (row?.status === 'envoye') tally.sent++;
          if (row?.status === 'boite_locale') tally.outboxed++;
          return;
        }
        const mail = await prepareMail(prepare, row);
        if ('failure' in mail) {
          await step((tx) => markFailed(tx, [id], mail.failure, true).then(), null);
          tally.failed++;
          return;
        }
        const result = await handOver(settings.transport, mail, id, log);
        await step(
          (tx) =>
            'failure' in result
              ? recordFailedAttempt(tx, id, result.failure)
              : markDelivered(tx, id, result, delivered).then(),
          m.sending(row.to),
        );
        if ('failure' in result) tally.retrying++;
        else if (delivered === 'boite_locale') tally.outboxed++;
        else tally.sent++;
      };
      // A batch keeps a few messages in flight (the SMTP pool's connections); PGlite runs one statement at a time anyway.
      let next = 0;
      const lanes = database.kind === 'pglite' ? 1 : Math.min(MESSAGES_IN_FLIGHT, total);
      await Promise.all(
        Array.from({ length: lanes }, async () => {
          while (next < total) await deliver(input.envois[next++]!);
        }),
      );
      // Still queued after a refusal or an unreachable server: the whole job is tried again later.
      if (tally.retrying > 0) throw new Error(m.retrying(tally.retrying));
      const summary: MailBatchResult = {
        envoyes: tally.sent,
        boiteLocale: tally.outboxed,
        echecs: tally.failed,
        sansAdresse: input.sansAdresse,
      };
      return { summary: { ...summary } };
    },
    async onStop(tx, { input }) {
      // The last try is over (or the job was cancelled): what is still queued failed, with the server's last answer.
      await markFailed(tx, input.envois, m.stoppedBeforeTry);
    },
  };
}

/** What preparing a delivery's message needs: the job's settings, the asker's scope, the service that reads documents. */
interface MailPreparation {
  database: Database;
  scope: RequestScope;
  service: MailService;
  settings: MailJobSettings;
  domain: string;
  sender: string;
  log: MailJobLog;
}

/**
 * A delivery's message, or why it fails now: the grant revoked since the request (R-MAIL-05),
 * a file missing or altered (they will not come back). Out of scope now: the job is refused (R-JOB-03).
 */
async function prepareMail(context: MailPreparation, row: DeliveryRow): Promise<OutgoingMail | { failure: string }> {
  // R-MAIL-05 again at sending time: a grant revoked since the request ends the delivery, with why.
  try {
    requireSendGrant(context.scope, row.type);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { failure: m.grantRevoked };
  }
  try {
    const described = await context.service.describeDocument(context.scope, row);
    return await buildMail(context.database, row, context.domain, context.settings.from, {
      ...described,
      sender: context.sender,
    });
  } catch (error) {
    if (error instanceof HttpError) throw error; // out of scope now: the job is refused (R-JOB-03)
    // A file missing or altered will not come back: the delivery fails now, with why (ours, or a short status).
    const raw = error instanceof Error ? error.message : String(error);
    const reason = raw === m.notIssued || raw === m.altered ? raw : m.notPrepared;
    if (reason !== raw) context.log({ envoi: row.id, erreur: raw }, 'e-mail non préparé');
    return { failure: reason };
  }
}

/** The message handed to the transport: its acceptance, or the server's answer as a delivery log shows it. */
async function handOver(
  transport: MailTransport,
  mail: OutgoingMail,
  id: number,
  log: MailJobLog,
): Promise<{ messageId: string; response: string } | { failure: string }> {
  try {
    const handed = await transport.send(mail);
    if (handed.detail) log({ envoi: id, detail: handed.detail }, 'e-mail non envoyé (boîte d’envoi locale)');
    return { messageId: handed.messageId, response: handed.response };
  } catch (error) {
    log({ envoi: id, reponse: rawServerAnswer(error) }, 'e-mail non remis');
    return { failure: serverAnswer(error) };
  }
}

/** What the e-mail of a delivery says: its document and the names it is addressed with and signed by. */
interface MailDocumentDescription {
  document: MailDocument;
  structure: string;
  sender: string;
}

async function buildMail(
  database: Database,
  row: DeliveryRow,
  domain: string,
  from: string,
  description: MailDocumentDescription,
): Promise<OutgoingMail> {
  const stored = await storedAttachments(database, row.type, row.documentId);
  if (stored.length === 0) throw new Error(m.notIssued);
  const attachments: OutgoingMail['attachments'] = [];
  for (const file of stored) {
    const content = await openContent(database, file.contentId);
    if (!content || content.sha256 !== file.sha256) throw new Error(m.altered);
    const bytes = Buffer.isBuffer(content.body) ? content.body : await readAll(content.body);
    attachments.push({ filename: file.fileName, content: bytes, contentType: file.mimeType });
  }
  const text = mailContent(description.document, description.structure, description.sender);
  return {
    from,
    to: row.to,
    // The subject as logged when asked: the log and the message say the same.
    subject: row.subject,
    text: text.text,
    messageId: mailMessageId(row.id, keyTag(row.key), domain),
    date: new Date(row.createdAt),
    attachments,
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}
