/**
 * The reminder letter's content: wording rising with the level, every unpaid invoice cited
 * (number, amount, due date, days late), the total and the late-payment terms. Pure, so the
 * server only loads the data and draws it.
 */
import type { Cents } from '../money/money';
import { formatDocumentAmount, formatIsoDay } from '../documents/document-format';
import { invoiceNumber } from '../documents/document-rules';
import type { OverdueFlux } from '../account-statement/account-statement';
import { REMINDER_LEVEL_LABELS, reminderLegalTerms, type ReminderLevel } from './reminder-rules';

/** Days given to pay from receipt: a reminder asks within 15 days, a formal notice within 8. */
export const REMINDER_PAYMENT_DAYS: Record<ReminderLevel, number | null> = { 1: null, 2: 15, 3: 8 };

export interface LetterParty {
  name: string;
  /** Federal code and address lines, as the documents' party blocks show them. */
  lines: string[];
}

/** An overdue flux the letter cites, with the season its invoice number is read from. */
export interface CitedFlux extends OverdueFlux {
  seasonId: number;
}

export interface ReminderLetterInput {
  /** The letter's number (MKP_Relance id), its reference. */
  id: number;
  level: ReminderLevel;
  /** Paris day the letter is issued, YYYY-MM-DD. */
  issuedOn: string;
  sender: LetterParty;
  recipient: LetterParty & { id: number };
  flux: readonly CitedFlux[];
  /** The letter before this one on these invoices (followsLastReminder), else null. */
  previous: { level: ReminderLevel; date: string } | null;
}

export interface ReminderLetterLine {
  invoiceNumber: string;
  label: string;
  dueDate: string;
  daysLate: number;
  amount: Cents;
}

export interface ReminderLetter {
  title: string;
  reference: string;
  dateLine: string;
  subject: string;
  salutation: string;
  paragraphs: string[];
  lines: ReminderLetterLine[];
  total: Cents;
  legalTerms: string[];
  closing: string;
  fileName: string;
  /** The PDF's metadata title. */
  documentTitle: string;
}

export const REMINDER_LETTER_TEXT = {
  columns: {
    number: 'N° de facture',
    label: 'Libellé',
    dueDate: 'Échéance',
    daysLate: 'Retard (j)',
    amount: 'Montant',
  },
  total: 'Total dû',
  sender: 'Expéditeur',
  recipient: 'Destinataire',
  termsHeading: 'Conditions de retard de paiement',
  salutation: 'Madame, Monsieur,',
  closing: 'Nous vous prions d’agréer, Madame, Monsieur, l’expression de nos salutations distinguées.',
} as const;

function openingParagraph(input: ReminderLetterInput, total: string): string {
  // An earlier letter is named only when there is one on these invoices: a level 2 or 3 may
  // be chosen without one, and a letter never claims a reminder that was not sent.
  const despite = input.previous
    ? `Malgré notre ${REMINDER_LEVEL_LABELS[input.previous.level].toLowerCase()} du ${formatIsoDay(input.previous.date)}, les factures ci-dessous restent impayées`
    : 'Sauf erreur de notre part, les factures ci-dessous, arrivées à échéance, restent impayées à ce jour';
  switch (input.level) {
    case 1:
      return (
        `Sauf erreur de notre part, les factures ci-dessous, arrivées à échéance, restent impayées à ce jour, ` +
        `pour un total de ${total}. Il s’agit sans doute d’un oubli : nous vous remercions de bien vouloir ` +
        `procéder à leur règlement dans les meilleurs délais.`
      );
    case 2:
      return (
        `${despite}, pour un total de ${total}. ` +
        `Nous vous demandons de régler cette somme dans un délai de ${REMINDER_PAYMENT_DAYS[2]} jours ` +
        `à compter de la réception de ce courrier.`
      );
    case 3:
      return (
        `${despite}. Par la présente, nous vous mettons ` +
        `en demeure de nous régler la somme de ${total} dans un délai de ${REMINDER_PAYMENT_DAYS[3]} jours ` +
        `à compter de la réception de cette lettre.`
      );
  }
}

const CLOSING_PARAGRAPH: Record<ReminderLevel, string> = {
  1: 'Si votre règlement a été effectué entre-temps, nous vous prions de ne pas tenir compte de ce rappel.',
  2: 'Si votre règlement a été effectué entre-temps, nous vous prions de ne pas tenir compte de cette relance. Pour toute question, votre interlocuteur reste à votre disposition.',
  3: 'À défaut de règlement dans ce délai, nous engagerons sans autre avis les démarches nécessaires au recouvrement de ces sommes, pénalités et indemnités comprises dans les conditions rappelées ci-dessous.',
};

/** "relance-<level>-<structure>-<day>-<id>.pdf" */
export function reminderLetterFileName(input: Pick<ReminderLetterInput, 'id' | 'level' | 'issuedOn' | 'recipient'>) {
  return `relance-${input.level}-${input.recipient.id}-${input.issuedOn}-${input.id}.pdf`;
}

export function buildReminderLetter(input: ReminderLetterInput): ReminderLetter {
  if (input.flux.length === 0) throw new RangeError('Une relance cite au moins une facture impayée');
  const lines = input.flux.map((item) => ({
    invoiceNumber: invoiceNumber(item.seasonId, item.fluxId),
    label: item.label,
    dueDate: item.dueDate,
    daysLate: item.daysLate,
    amount: item.amount,
  }));
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const label = REMINDER_LEVEL_LABELS[input.level];
  return {
    title: label.toUpperCase(),
    reference: `Relance n° ${input.id} — niveau ${input.level}`,
    dateLine: `Le ${formatIsoDay(input.issuedOn)}`,
    subject: `Objet : ${label} — factures impayées`,
    salutation: REMINDER_LETTER_TEXT.salutation,
    paragraphs: [openingParagraph(input, formatDocumentAmount(total)), CLOSING_PARAGRAPH[input.level]],
    lines,
    total,
    legalTerms: reminderLegalTerms(),
    closing: REMINDER_LETTER_TEXT.closing,
    fileName: reminderLetterFileName(input),
    documentTitle: `${label} n° ${input.id} — ${input.recipient.name}`,
  };
}

/** The cited lines as text rows, in the letter's column order. */
export function reminderLetterRows(letter: ReminderLetter): string[][] {
  return letter.lines.map((line) => [
    line.invoiceNumber,
    line.label,
    formatIsoDay(line.dueDate),
    String(line.daysLate),
    formatDocumentAmount(line.amount),
  ]);
}
