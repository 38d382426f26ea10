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
import { openContent } from '../document-store/content-stream';
import type { JobKind } from '../jobs/job-kind';
import {
  findDelivery,
  markDelivered,
  markFailed,
  recordFailedAttempt,
  storedAttachments,
  type DeliveryRow,
} from './mail.repository';
import { jobScope } from '../jobs/job-scope';
import { keyTag, requireSendGrant, type MailJobInput, type MailService } from './mail.service';
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
      const scope = await jobScope(database, context.owner);
      const sender = await service.senderName(scope);
      const total = input.envois.length;
      let sent = 0;
      let outboxed = 0;
      let failed = 0;
      let retrying = 0;
      let done = 0;
      const step = (work: (tx: Queryable) => Promise<void>, shown: string | null) =>
        context.step(database, async (tx) => {
          await work(tx);
          done++;
          return { checkpoint: { done }, progress: { done, total, step: shown }, value: null };
        });
      const deliver = async (id: number) => {
        context.throwIfStopped();
        const row = await findDelivery(database, id);
        if (!row || row.status !== 'en_attente') {
          if (row?.status === 'envoye') sent++;
          if (row?.status === 'boite_locale') outboxed++;
          return;
        }
        // R-MAIL-05 again at sending time: a grant revoked since the request ends the delivery, with why.
        try {
          requireSendGrant(scope, row.type);
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          await step((tx) => markFailed(tx, [id], m.grantRevoked, true).then(), null);
          failed++;
          return;
        }
        let mail: OutgoingMail;
        try {
          const described = await service.describeDocument(scope, row);
          mail = await buildMail(database, row, domain, settings.from, { ...described, sender });
        } catch (error) {
          if (error instanceof HttpError) throw error; // out of scope now: the job is refused (R-JOB-03)
          // A file missing or altered will not come back: the delivery fails now, with why (ours, or a short status).
          const raw = error instanceof Error ? error.message : String(error);
          const reason = raw === m.notIssued || raw === m.altered ? raw : m.notPrepared;
          if (reason !== raw) log({ envoi: id, erreur: raw }, 'e-mail non préparé');
          await step((tx) => markFailed(tx, [id], reason, true).then(), null);
          failed++;
          return;
        }
        let outcome: { messageId: string; response: string } | { failure: string };
        try {
          const handed = await settings.transport.send(mail);
          if (handed.detail) log({ envoi: id, detail: handed.detail }, 'e-mail non envoyé (boîte d’envoi locale)');
          outcome = { messageId: handed.messageId, response: handed.response };
        } catch (error) {
          log({ envoi: id, reponse: rawServerAnswer(error) }, 'e-mail non remis');
          outcome = { failure: serverAnswer(error) };
        }
        const result = outcome;
        await step(
          (tx) =>
            'failure' in result
              ? recordFailedAttempt(tx, id, result.failure)
              : markDelivered(tx, id, result, delivered).then(),
          m.sending(row.to),
        );
        if ('failure' in result) retrying++;
        else if (delivered === 'boite_locale') outboxed++;
        else sent++;
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
      if (retrying > 0) throw new Error(m.retrying(retrying));
      const summary: MailBatchResult = {
        envoyes: sent,
        boiteLocale: outboxed,
        echecs: failed,
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

/** What the e-mail of a delivery says: its document and the names it is addressed with and signed by. */
export interface MailDocumentDescription {
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
