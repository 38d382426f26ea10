/**
 * The French e-mails that carry an issued document (R-MAIL-02): one subject and one body per
 * kind of document. The document itself is attached as issued; the body only introduces it.
 */
import { formatDocumentAmount, formatIsoDay } from '../documents/document-format';
import { REMINDER_LEVEL_LABELS, type ReminderLevel } from '../impayes/reminder-rules';
import { frenchMonth } from '../monthly-recap/recap-month';

const signature = (sender: string) => `Cordialement,\n\nLe service comptabilité — ${sender}`;
const greeting = (structure: string) => `Bonjour,\n\nÀ l’attention de ${structure} :`;
const footer =
  'Ce message est envoyé automatiquement par Gestion des finances ; le document joint fait foi. ' +
  'Pour toute question, répondez à ce message.';

export const MAIL_TEXT = {
  facture: {
    subject: (number: string) => `Facture n° ${number}`,
    body: (number: string, amount: string, due: string | null) =>
      `veuillez trouver ci-joint la facture n° ${number} d’un montant de ${amount}` +
      (due ? `, payable par virement au plus tard le ${due}.` : '.') +
      '\n\nLe fichier PDF est une facture électronique Factur-X : ses données structurées (factur-x.xml) y sont incluses et jointes à part.',
  },
  facturePrelevement: {
    subject: (number: string) => `Facture n° ${number} — pré-notification de prélèvement SEPA`,
    body: (number: string, amount: string) =>
      `veuillez trouver ci-joint la facture n° ${number} d’un montant de ${amount}. ` +
      'Elle vaut pré-notification : ce montant sera prélevé sur votre compte selon votre mandat SEPA, à la date indiquée sur la facture.' +
      '\n\nLe fichier PDF est une facture électronique Factur-X : ses données structurées (factur-x.xml) y sont incluses et jointes à part.',
  },
  avoir: {
    subject: (number: string) => `Avoir n° ${number}`,
    body: (number: string, amount: string) =>
      `veuillez trouver ci-joint l’avoir n° ${number} d’un montant de ${amount}, porté à votre crédit.` +
      '\n\nLe fichier PDF est un avoir électronique Factur-X : ses données structurées (factur-x.xml) y sont incluses et jointes à part.',
  },
  avis: {
    subject: (number: string) => `Avis de prélèvement — facture n° ${number}`,
    body: (number: string, amount: string) =>
      `veuillez trouver ci-joint l’avis de prélèvement de ${amount} qui présente à nouveau la facture n° ${number}. ` +
      'Ce montant sera prélevé sur votre compte selon votre mandat SEPA, à la date indiquée sur l’avis.',
  },
  releve: {
    subject: (number: string) => `Relevé de compte n° ${number}`,
    body: (number: string, from: string, to: string, balance: string) =>
      `veuillez trouver ci-joint le relevé de compte n° ${number} du ${from} au ${to}. ` +
      `Solde à la fin de la période : ${balance}.`,
  },
  recapitulatif: {
    subject: (number: string, month: string) => `Récapitulatif mensuel de ${month} n° ${number}`,
    body: (number: string, month: string, resteDu: string) =>
      `veuillez trouver ci-joint le récapitulatif mensuel n° ${number} de ${month} : ce qui a été facturé, réglé, ` +
      `rejeté et relancé dans le mois, par catégorie. Reste dû à la fin du mois : ${resteDu}.`,
  },
  relance: {
    subject: (level: string, amount: string) => `${level} — ${amount} restant dus`,
    body: (level: string, amount: string, day: string) =>
      `veuillez trouver ci-joint notre courrier du ${day} (${level.toLowerCase()}) : ` +
      `${amount} restent dus à ce jour. Si votre règlement a été effectué entre-temps, merci de ne pas tenir compte de ce message.`,
  },
} as const;

/** What an e-mail says about its document: what the server reads from the issued rows. */
export type MailDocument =
  | {
      kind: 'facture';
      /** R-FACT-06, R-FACT-07: facture, avoir, or avis de prélèvement (a relaunched debit). */
      invoiceKind: 'facture' | 'avoir' | 'avis';
      /** The invoice number (for an avis: the invoice it presents again). */
      number: string;
      cents: number;
      /** Category 5: the facture is paid by SEPA direct debit and pre-notifies it. */
      directDebit: boolean;
      dueDay: string | null;
    }
  | { kind: 'releve'; number: string; from: string; to: string; balanceCents: number }
  | { kind: 'relance'; level: ReminderLevel; day: string; cents: number }
  | { kind: 'recapitulatif'; number: string; month: string; resteDuCents: number };

export interface MailContent {
  subject: string;
  text: string;
}

/**
 * R-MAIL-02: the subject and the body of the e-mail that carries `document` to `structure`,
 * signed by the structure that sends it.
 */
export function mailContent(document: MailDocument, structure: string, sender: string): MailContent {
  const { subject, body } = mailParts(document);
  return { subject, text: `${greeting(structure)}\n\n${body}\n\n${signature(sender)}\n\n--\n${footer}\n` };
}

function mailParts(document: MailDocument): { subject: string; body: string } {
  switch (document.kind) {
    case 'facture': {
      const amount = formatDocumentAmount(Math.abs(document.cents));
      if (document.invoiceKind === 'avoir')
        return {
          subject: MAIL_TEXT.avoir.subject(document.number),
          body: MAIL_TEXT.avoir.body(document.number, amount),
        };
      if (document.invoiceKind === 'avis')
        return { subject: MAIL_TEXT.avis.subject(document.number), body: MAIL_TEXT.avis.body(document.number, amount) };
      if (document.directDebit)
        return {
          subject: MAIL_TEXT.facturePrelevement.subject(document.number),
          body: MAIL_TEXT.facturePrelevement.body(document.number, amount),
        };
      return {
        subject: MAIL_TEXT.facture.subject(document.number),
        body: MAIL_TEXT.facture.body(document.number, amount, document.dueDay ? formatIsoDay(document.dueDay) : null),
      };
    }
    case 'releve':
      return {
        subject: MAIL_TEXT.releve.subject(document.number),
        body: MAIL_TEXT.releve.body(
          document.number,
          formatIsoDay(document.from),
          formatIsoDay(document.to),
          formatDocumentAmount(document.balanceCents),
        ),
      };
    case 'recapitulatif': {
      const month = frenchMonth(document.month);
      return {
        subject: MAIL_TEXT.recapitulatif.subject(document.number, month),
        body: MAIL_TEXT.recapitulatif.body(document.number, month, formatDocumentAmount(document.resteDuCents)),
      };
    }
    case 'relance': {
      const level = REMINDER_LEVEL_LABELS[document.level];
      const amount = formatDocumentAmount(document.cents);
      return {
        subject: MAIL_TEXT.relance.subject(level, amount),
        body: MAIL_TEXT.relance.body(level, amount, formatIsoDay(document.day)),
      };
    }
  }
}
