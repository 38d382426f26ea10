import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message the test SMTP server accepted, parsed back (mailparser). */
interface ReceivedMail {
  raw: Buffer;
  parsed: ParsedMail;
  messageId: string;
  to: string;
  subject: string;
  /** Each attachment's file name and SHA-256. */
  attachments: Array<{ filename: string; sha256: string; contentType: string; size: number }>;
}

export interface SmtpTestServer {
  /** smtp://127.0.0.1:<port>: the same port across stop() and start(). */
  readonly url: string;
  readonly received: ReceivedMail[];
  /** Messages received for `to` (case-insensitive). */
  to(address: string): ReceivedMail[];
  /** Waits until `count` messages arrived in all (polling; generous: the machine may be loaded). */
  waitForCount(count: number, timeoutMs?: number): Promise<void>;
  /** Closes the port: connections are refused until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real SMTP server for the tests (the npm `smtp-server` package, as a mail relay would run
 * it), on a free port of 127.0.0.1, no TLS, no authentication. Recipients whose address starts
 * with 'refus' are refused at RCPT TO with a permanent 550, as a relay refuses an unknown mailbox.
 */
export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  let port = 0;
  let server: SMTPServer | null = null;

  const create = () =>
    new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // stop() closes the port at once: the client's idle pooled connections are cut, not waited for.
      closeTimeout: 100,
      size: 20 * 1024 * 1024,
      onRcptTo(address, _session, callback) {
        if (/^refus/i.test(address.address)) {
          const error = new Error('5.1.1 Boîte inconnue : destinataire refusé') as Error & { responseCode: number };
          error.responseCode = 550;
          return callback(error);
        }
        callback();
      },
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          simpleParser(raw)
            .then((parsed) => {
              received.push({
                raw,
                parsed,
                messageId: parsed.messageId ?? '',
                to: Array.isArray(parsed.to) ? (parsed.to[0]?.text ?? '') : (parsed.to?.text ?? ''),
                subject: parsed.subject ?? '',
                attachments: parsed.attachments.map((a) => ({
                  filename: a.filename ?? '',
                  sha256: createHash('sha256').update(a.content).digest('hex'),
                  contentType: a.contentType,
                  size: a.content.length,
                })),
              });
              callback();
            })
            .catch((error: Error) => callback(error));
        });
      },
    });

  const listen = async () => {
    server = create();
    const current = server;
    await new Promise<void>((resolve, reject) => {
      current.once('error', reject);
      current.listen(port, '127.0.0.1', () => {
        current.off('error', reject);
        resolve();
      });
    });
    port = (current.server.address() as AddressInfo).port;
  };
  const shut = async () => {
    const current = server;
    server = null;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  await listen();
  return {
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    to: (address) => received.filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase())),
    async waitForCount(count, timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`${received.length} messages reçus sur ${count} attendus`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: shut,
    start: listen,
    close: shut,
  };
}
