import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';

/** One message as the delivery job hands it over. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  /** Fixed per delivery (R-MAIL-04): every try carries the same one. */
  messageId: string;
  /** The delivery's request instant: a retry is the same message, to the byte of its headers. */
  date: Date;
  attachments: Array<{ filename: string; content: Buffer; contentType: string }>;
}

interface MailHandOver {
  /** The Message-ID the server accepted. */
  messageId: string;
  /** The server's answer ('250 2.0.0 Ok: queued as …'), or that the message went to the outbox. */
  response: string;
  /** For the server's log only (never the delivery log): where the outbox file is. */
  detail?: string;
}

export interface MailTransport {
  /** 'smtp' sends through SMTP_URL; 'outbox' writes .eml files and sends nothing (R-MAIL-06). */
  readonly mode: 'smtp' | 'outbox';
  /** Where: the SMTP server (without its credentials), or the outbox folder. */
  readonly target: string;
  send(mail: OutgoingMail): Promise<MailHandOver>;
  close(): void;
}

export interface MailTransportSettings {
  /** smtp://user:pass@host:port or smtps://…; absent: the outbox. */
  smtpUrl?: string;
  /** The folder of the outbox (R-MAIL-06). */
  outboxDir: string;
  /** Connections to the SMTP server kept open and used at once. */
  maxConnections?: number;
  /** How long to wait for the server to connect and greet, and for an answer (ms). */
  timeoutMs?: number;
}

/**
 * R-MAIL-06: with SMTP_URL, messages go to that server through nodemailer's pool; without it
 * (the embedded default, the demo), each message becomes a .eml file of the outbox folder,
 * named after its Message-ID, and nothing leaves the machine.
 */
export function createMailTransport(settings: MailTransportSettings): MailTransport {
  return settings.smtpUrl ? smtpTransport(settings.smtpUrl, settings) : outboxTransport(settings.outboxDir);
}

function smtpTransport(url: string, settings: MailTransportSettings): MailTransport {
  const timeout = settings.timeoutMs ?? 30_000;
  const transporter = createTransport({
    url,
    pool: true,
    maxConnections: settings.maxConnections ?? 4,
    maxMessages: 1_000,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 2,
  });
  return {
    mode: 'smtp',
    target: withoutCredentials(url),
    async send(mail) {
      const info = await transporter.sendMail(mail);
      return { messageId: info.messageId, response: info.response };
    },
    close() {
      transporter.close();
    },
  };
}

function outboxTransport(outboxDir: string): MailTransport {
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let ready: Promise<unknown> | null = null;
  return {
    mode: 'outbox',
    target: outboxDir,
    async send(mail) {
      ready ??= mkdir(outboxDir, { recursive: true });
      await ready;
      const info = await composer.sendMail(mail);
      const file = path.join(outboxDir, `${mail.messageId.replace(/[^A-Za-z0-9.@_-]/g, '')}.eml`);
      // Written whole then renamed: a reader never sees half a message, a retry replaces it.
      const partial = `${file}.${process.pid}.part`;
      await writeFile(partial, info.message as Buffer);
      await rename(partial, file);
      return { messageId: info.messageId, response: OUTBOX_ANSWER, detail: `écrit dans ${file}` };
    },
    close() {
      composer.close();
    },
  };
}

/** smtp://user:secret@host:587 -> smtp://host:587: what the log may show. */
export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    parsed.search = '';
    return parsed.toString();
  } catch {
    return 'SMTP';
  }
}

/** What the delivery log says of a message written to the outbox (its path is for the server's log only). */
const OUTBOX_ANSWER = 'Non envoyé : SMTP_URL absent, message écrit dans la boîte d’envoi locale';
/** What the delivery log says when the server could not be reached (the address and the system's error are logged). */
const UNREACHABLE_ANSWER = 'Serveur de messagerie injoignable';

/**
 * What the delivery log keeps of a failed try: the SMTP server's reply (its code and words about
 * the recipient) when it gave one, else a short status; the raw error goes to the server's log.
 */
export function serverAnswer(error: unknown): string {
  const e = error as { response?: unknown };
  return typeof e.response === 'string' && e.response ? oneLine(e.response) : UNREACHABLE_ANSWER;
}

const oneLine = (text: string) => text.replace(/\s*[\r\n\t]+\s*/g, ' ').slice(0, 1_000);

/** The failed try in full, in one line, for the server's log: the reply, or the system's error. */
export function rawServerAnswer(error: unknown): string {
  const e = error as { response?: unknown; code?: unknown; message?: unknown };
  const text =
    typeof e.response === 'string' && e.response
      ? e.response
      : `${typeof e.code === 'string' ? `${e.code} : ` : ''}${typeof e.message === 'string' ? e.message : String(error)}`;
  return oneLine(text);
}
