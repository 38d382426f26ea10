import { describe, expect, it } from 'vitest';
import {
  billingEmailProblem,
  billingEmailRequestSchema,
  billingRecipient,
  MAIL_NO_ADDRESS,
  mailBatchRequestSchema,
  mailMessageId,
  mailSendRequestSchema,
  mailStatusText,
  senderDomain,
} from './mail-rules';
import { mailContent } from './mail-messages';

describe('R-MAIL-01: whom a structure’s documents are e-mailed to', () => {
  it('R-MAIL-01: the billing address first, trimmed', () => {
    expect(
      billingRecipient({ billingEmail: ' compta@club.fr ', hasCorrespondent: true, correspondentEmail: 'p@club.fr' }),
    ).toEqual({ address: 'compta@club.fr', source: 'facturation' });
  });
  it('R-MAIL-01: else its correspondent’s e-mail', () => {
    for (const billingEmail of [null, '', '   '])
      expect(billingRecipient({ billingEmail, hasCorrespondent: true, correspondentEmail: 'p@club.fr' })).toEqual({
        address: 'p@club.fr',
        source: 'correspondant',
      });
  });
  it('R-MAIL-01, R-MAIL-07: a stored billing address that is not one address (a list, a header) sends nothing, with the reason', () => {
    for (const billingEmail of [
      'a@club.fr, b@club.fr',
      'a@club.fr;b@club.fr',
      'a@club.fr\r\nBcc: x@y.fr',
      'pas une adresse',
    ])
      expect(billingRecipient({ billingEmail, hasCorrespondent: true, correspondentEmail: 'p@club.fr' })).toEqual({
        address: null,
        reason: MAIL_NO_ADDRESS.invalidBillingEmail,
      });
  });
  it('R-MAIL-01: else nobody, with the reason', () => {
    expect(billingRecipient({ billingEmail: null, hasCorrespondent: false, correspondentEmail: null })).toEqual({
      address: null,
      reason: MAIL_NO_ADDRESS.noCorrespondent,
    });
    for (const correspondentEmail of [null, '', 'pas une adresse'])
      expect(billingRecipient({ billingEmail: null, hasCorrespondent: true, correspondentEmail })).toEqual({
        address: null,
        reason: MAIL_NO_ADDRESS.correspondentWithoutEmail,
      });
  });
});

describe('R-MAIL-07: the billing address a user types', () => {
  it('R-MAIL-07: one plain address is accepted', () => {
    expect(billingEmailProblem('tresorerie@club-escalade.fr')).toBeNull();
    expect(billingEmailProblem('a.b+c@x.co')).toBeNull();
  });
  it('R-MAIL-07: control characters, header injection, lists, spaces and non-addresses are refused', () => {
    for (const bad of [
      'a@b.fr\r\nBcc: x@y.fr',
      'a@b.fr\u0000',
      'a\u202e@b.fr',
      'a@b.fr, c@d.fr',
      'a@b.fr;c@d.fr',
      ' a@b.fr',
      'Nom <a@b.fr>',
      'a@b',
      '@b.fr',
      'a@@b.fr',
      `${'x'.repeat(65)}@b.fr`,
    ])
      expect(billingEmailProblem(bad), JSON.stringify(bad)).not.toBeNull();
  });
  it('R-MAIL-07: the request schema clears with null or empty, refuses over 254 characters', () => {
    expect(billingEmailRequestSchema.parse({ email: '' })).toEqual({ email: null });
    expect(billingEmailRequestSchema.parse({ email: null })).toEqual({ email: null });
    expect(billingEmailRequestSchema.safeParse({ email: `${'a'.repeat(60)}@${'b'.repeat(200)}.fr` }).success).toBe(
      false,
    );
    expect(billingEmailRequestSchema.safeParse({ email: 'a@b.fr', autre: 1 }).success).toBe(false);
  });
});

describe('R-MAIL-03, R-MAIL-08: what a click sends', () => {
  it('R-MAIL-03: a send names one document and carries its key', () => {
    expect(
      mailSendRequestSchema.safeParse({ type: 'facture', id: 12, cle: 'f3a1c2d4-0000-4000-8000-000000000001' }).success,
    ).toBe(true);
    expect(mailSendRequestSchema.safeParse({ type: 'facture', id: 12 }).success).toBe(false);
    expect(mailSendRequestSchema.safeParse({ type: 'facture', id: 12, cle: 'court' }).success).toBe(false);
    expect(mailSendRequestSchema.safeParse({ type: 'facture', id: 12, cle: 'a b c d e f g h' }).success).toBe(false);
    expect(mailSendRequestSchema.safeParse({ type: 'sepa', id: 12, cle: 'abcdefgh' }).success).toBe(false);
    expect(mailSendRequestSchema.safeParse({ type: 'releve', id: 0, cle: 'abcdefgh' }).success).toBe(false);
  });
  it('R-MAIL-08: a batch names each document once, at most 2,000', () => {
    const doc = { type: 'relance', id: 3 };
    expect(mailBatchRequestSchema.safeParse({ cle: 'abcdefgh', documents: [doc] }).success).toBe(true);
    expect(mailBatchRequestSchema.safeParse({ cle: 'abcdefgh', documents: [doc, doc] }).success).toBe(false);
    expect(mailBatchRequestSchema.safeParse({ cle: 'abcdefgh', documents: [] }).success).toBe(false);
    const many = Array.from({ length: 2_001 }, (_, i) => ({ type: 'facture', id: i + 1 }));
    expect(mailBatchRequestSchema.safeParse({ cle: 'abcdefgh', documents: many }).success).toBe(false);
  });
});

describe('R-MAIL-04: the Message-ID every try of one delivery carries', () => {
  it('R-MAIL-04: fixed by the delivery and its key, in the sender’s domain', () => {
    expect(mailMessageId(42, '0123456789abcdef', senderDomain('Trésorerie FFME <compta@ffme.fr>'))).toBe(
      '<envoi-42.0123456789abcdef@ffme.fr>',
    );
    expect(senderDomain('noreply@Example.ORG')).toBe('example.org');
    expect(senderDomain('sans domaine')).toBe('localhost');
  });
  it('R-MAIL-04: the log shows sent (with the message id), queued, or failed with the server’s answer', () => {
    const at = (iso: string) => iso.slice(0, 10);
    const base = { envoyeLe: null, idMessage: null, reponseServeur: null, tentatives: 0 };
    expect(
      mailStatusText({ ...base, statut: 'envoye', envoyeLe: '2026-03-01T10:00:00Z', idMessage: '<m@x>' }, at),
    ).toBe('Envoyé le 2026-03-01 (<m@x>)');
    expect(mailStatusText({ ...base, statut: 'en_attente' }, at)).toBe('En attente');
    // R-MAIL-06: a message of the local outbox never reads as sent.
    expect(
      mailStatusText({ ...base, statut: 'boite_locale', envoyeLe: '2026-03-01T10:00:00Z', idMessage: '<m@x>' }, at),
    ).toBe('Non envoyé : écrit dans la boîte d’envoi locale le 2026-03-01 (serveur de messagerie non configuré)');
    expect(mailStatusText({ ...base, statut: 'echec', reponseServeur: '550 5.1.1 inconnu' }, at)).toBe(
      'Échec : 550 5.1.1 inconnu',
    );
  });
});

describe('R-MAIL-02: the French e-mail per document', () => {
  it('R-MAIL-02: a facture payable by transfer names its number, amount and due date', () => {
    const mail = mailContent(
      {
        kind: 'facture',
        invoiceKind: 'facture',
        number: '2026-FFME-7',
        cents: 123_450,
        directDebit: false,
        dueDay: '2026-04-30',
      },
      'Club Alpin',
      'FFME',
    );
    expect(mail.subject).toBe('Facture n° 2026-FFME-7');
    expect(mail.text).toContain('Club Alpin');
    expect(mail.text).toMatch(/1\s234,50\s€/);
    expect(mail.text).toContain('30/04/2026');
    expect(mail.text).toContain('Factur-X');
    expect(mail.text).toContain('FFME');
  });
  it('R-MAIL-02: a direct-debit facture is its pre-notification; an avoir and an avis say what they are', () => {
    const base = { kind: 'facture', number: '2026-FFME-7', cents: 5_000, dueDay: null } as const;
    expect(mailContent({ ...base, invoiceKind: 'facture', directDebit: true }, 'C', 'S').subject).toBe(
      'Facture n° 2026-FFME-7 — pré-notification de prélèvement SEPA',
    );
    expect(mailContent({ ...base, invoiceKind: 'avoir', cents: -5_000, directDebit: false }, 'C', 'S').text).toMatch(
      /avoir n° 2026-FFME-7 d’un montant de 50,00\s€/,
    );
    expect(mailContent({ ...base, invoiceKind: 'avis', directDebit: true }, 'C', 'S').subject).toBe(
      'Avis de prélèvement — facture n° 2026-FFME-7',
    );
  });
  it('R-MAIL-02: a relevé gives its period and balance; a letter its level and what remains due', () => {
    const releve = mailContent(
      { kind: 'releve', number: 'RC-2026-000012', from: '2025-09-01', to: '2026-08-31', balanceCents: 9_900 },
      'C',
      'S',
    );
    expect(releve.subject).toBe('Relevé de compte n° RC-2026-000012');
    expect(releve.text).toContain('du 01/09/2025 au 31/08/2026');
    const relance = mailContent({ kind: 'relance', level: 3, day: '2026-05-02', cents: 100 }, 'C', 'S');
    expect(relance.subject).toMatch(/^Mise en demeure — 1,00\s€ restant dus$/);
    expect(relance.text).toContain('02/05/2026');
  });
});
