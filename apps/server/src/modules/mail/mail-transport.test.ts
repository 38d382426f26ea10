import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailTransport, rawServerAnswer, serverAnswer, withoutCredentials } from './mail-transport';

describe('R-MAIL-06: without SMTP_URL, messages are written to the outbox, never sent', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('R-MAIL-06: one .eml per Message-ID, its attachment byte for byte; a retry replaces it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gdf-outbox-'));
    dirs.push(dir);
    const outbox = path.join(dir, 'outbox');
    const transport = createMailTransport({ outboxDir: outbox });
    expect(transport.mode).toBe('outbox');
    const pdf = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer<<>>\n%%EOF\n', 'latin1');
    const mail = {
      from: 'Trésorerie <compta@ffme.test>',
      to: 'club@exemple.fr',
      subject: 'Facture n° 2026-FFME-1',
      text: 'Bonjour,\n\nCi-joint.',
      messageId: '<envoi-1.0123456789abcdef@ffme.test>',
      date: new Date('2026-03-01T10:00:00Z'),
      attachments: [{ filename: 'facture-1.pdf', content: pdf, contentType: 'application/pdf' }],
    };
    const first = await transport.send(mail);
    const again = await transport.send(mail);
    expect(first.messageId).toBe(mail.messageId);
    // The log row says what happened, never where the server keeps its files (the path is logged server-side).
    expect(again.response).toBe('Non envoyé : SMTP_URL absent, message écrit dans la boîte d’envoi locale');
    expect(again.detail).toContain(outbox);
    const files = await readdir(outbox);
    expect(files).toEqual(['envoi-1.0123456789abcdef@ffme.test.eml']);
    const parsed = await simpleParser(await readFile(path.join(outbox, files[0]!)));
    expect(parsed.messageId).toBe(mail.messageId);
    expect(parsed.subject).toBe(mail.subject);
    const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    expect(sha(parsed.attachments[0]!.content)).toBe(sha(pdf));
    transport.close();
  });

  it('R-MAIL-06: the log never shows SMTP credentials; a refusal is one line of the server’s answer, a network error a status', () => {
    expect(withoutCredentials('smtp://user:secret@mail.exemple.fr:587?pool=true')).toBe('smtp://mail.exemple.fr:587');
    expect(serverAnswer({ response: '550 5.1.1 <x@y>:\r\n Recipient unknown', code: 'EENVELOPE' })).toBe(
      '550 5.1.1 <x@y>: Recipient unknown',
    );
    const unreachable = { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 10.1.2.3:587' };
    expect(serverAnswer(unreachable)).toBe('Serveur de messagerie injoignable');
    expect(rawServerAnswer(unreachable)).toBe('ECONNREFUSED : connect ECONNREFUSED 10.1.2.3:587');
  });
});
