/**
 * The legal mentions added to the specification's invoice blocks (R-FACT-08 to R-FACT-11),
 * each rule with the text it implements. The specification's blocks themselves stay in
 * document-rules.ts; the wording is in document-messages.ts.
 */
import { FluxCategory } from '../flux/categories';
import { earliestDebitDay, SEPA_PRE_NOTIFICATION_DAYS } from '../sepa/debit-notice';
import { formatIsoDay, parisIsoDate } from './document-format';
import { DOCUMENT_TEXT } from './document-messages';

/** An issued invoice, known by its flux: its number is invoiceNumber(seasonId, id). */
export interface InvoiceReference {
  id: number;
  seasonId: number;
}

/**
 * What the document of a flux is (R-FACT-06, R-FACT-07): a credit flux is an AVOIR;
 * a relaunched direct debit presents its original invoice again, so it gets an 'AVIS DE
 * PRÉLÈVEMENT' with no invoice number of its own (one debt, one invoice: CGI art. 289);
 * every other debit is a FACTURE.
 */
export type InvoiceKind = 'facture' | 'avoir' | 'avis';

export function invoiceKind(flux: { isDebit: boolean }, relaunchOf: InvoiceReference | null): InvoiceKind {
  if (!flux.isDebit) return 'avoir';
  return relaunchOf ? 'avis' : 'facture';
}

/**
 * When a direct debit is collected (R-SEPA-11, the rule SEPA files follow too): a day fixed
 * for it (its own due date, DateEcheance; else the collection date of the SEPA batch that
 * holds it), never before the 14 calendar days of pre-notification after the document's day,
 * on a TARGET day. Without a fixed day the document announces that earliest day.
 */
export type DebitDay = { fixed: true; day: string } | { fixed: false; earliest: string };

export function directDebitDay(
  flux: { dueDate: string | null; createdAt: Date },
  batchCollectionDate: string | null,
): DebitDay {
  const fixedDay = flux.dueDate ?? batchCollectionDate;
  const day = earliestDebitDay({ issueDay: parisIsoDate(flux.createdAt), fixedDay });
  return fixedDay ? { fixed: true, day } : { fixed: false, earliest: day };
}

/** "31/03/2024", or "au plus tôt le 15/03/2024 (préavis ...)" for the value of a label. */
export function debitDayValue(debit: DebitDay): string {
  return debit.fixed
    ? formatIsoDay(debit.day)
    : DOCUMENT_TEXT.settlement.earliest(formatIsoDay(debit.earliest), SEPA_PRE_NOTIFICATION_DAYS);
}

/** "le 31/03/2024", or "au plus tôt le ..." inside a sentence. */
export function debitDayWhen(debit: DebitDay): string {
  return debit.fixed ? DOCUMENT_TEXT.settlement.on(formatIsoDay(debit.day)) : debitDayValue(debit);
}

/**
 * When a settled flux (EST_Reglement) was settled: the latest 'reglement_flux' audit row
 * that set it (an update through the app); else, for a flux created through the app (a
 * 'creation_flux' row) and never settled since, its creation, since it was created
 * settled; else unknown (seeded or imported rows): the invoice then says 'Facture
 * acquittée' without a date rather than invent one.
 */
export function settlementInstant(lastSettlementAudit: Date | null, createdInAppAt: Date | null): Date | null {
  return lastSettlementAudit ?? createdInAppAt;
}

/**
 * What stands where a due date is due (Code de commerce L441-9: "la date à laquelle le
 * règlement doit intervenir"), with the rule that makes it so:
 * - an avoir: its due date, on receipt by default; never 'acquittée par carte bancaire'
 *   (R-FACT-03's Affiliation rule concerns what was paid: debits only);
 * - a relaunch's notice: the debit date (a debit presented again was not paid by card);
 * - an Affiliation debit: R-FACT-03, 'Facture acquittée par carte bancaire', and
 *   so no debit announced either, whatever its category;
 * - a direct debit (category 5): the debit date;
 * - a debit already settled: 'Facture acquittée le ...', never a request to pay;
 * - any other debit: its due date, on receipt by default.
 */
export type SettlementStatement =
  | { kind: 'due'; day: string | null; creditNote: boolean }
  | { kind: 'paid-by-card' }
  | { kind: 'paid'; day: string | null }
  | { kind: 'debit'; debit: DebitDay };

export interface SettlementFacts {
  kind: InvoiceKind;
  affiliation: boolean;
  categoryId: number;
  settled: boolean;
  settledAt: Date | null;
  dueDate: string | null;
  debit: DebitDay;
}

export function settlementStatement(facts: SettlementFacts): SettlementStatement {
  if (facts.kind === 'avoir') return { kind: 'due', day: facts.dueDate, creditNote: true };
  if (facts.kind === 'avis') return { kind: 'debit', debit: facts.debit };
  if (facts.affiliation) return { kind: 'paid-by-card' };
  if (facts.categoryId === FluxCategory.Prelevement) return { kind: 'debit', debit: facts.debit };
  if (facts.settled) return { kind: 'paid', day: facts.settledAt ? parisIsoDate(facts.settledAt) : null };
  return { kind: 'due', day: facts.dueDate, creditNote: false };
}

/** The line a due date stands on, or null when a paid note stands in its place. */
export function settlementLine(statement: SettlementStatement): string | null {
  const text = DOCUMENT_TEXT.settlement;
  switch (statement.kind) {
    case 'due':
      return text.dueDate(
        statement.day ? formatIsoDay(statement.day) : statement.creditNote ? text.onCreditNoteReceipt : text.onReceipt,
      );
    case 'debit':
      return text.debitDate(debitDayValue(statement.debit));
    default:
      return null;
  }
}

/** The paid note (R-FACT-03's card note, or 'Facture acquittée le ...'), or null. */
export function paidNote(statement: SettlementStatement, cardNote: string): string | null {
  if (statement.kind === 'paid-by-card') return cardNote;
  if (statement.kind !== 'paid') return null;
  return statement.day ? DOCUMENT_TEXT.settlement.paidOn(formatIsoDay(statement.day)) : DOCUMENT_TEXT.settlement.paid;
}

/** R-FACT-08 / Code de commerce L441-10 and D441-5: 3 times the legal rate, 40 € indemnity. */
export const LATE_PAYMENT_RATE_MULTIPLIER = 3;
export const RECOVERY_FEE_EUROS = 40;

/**
 * The legal footer of every facture and avoir (Code de commerce L441-9: due date, penalty
 * rate, flat indemnity, discount conditions; L441-10 and D441-5 for their amounts): the
 * settlement line unless the payment-terms block already states the due date, or a paid
 * note stands in its place; then the late-payment text and 'Pas d'escompte pour paiement
 * anticipé'.
 */
export function legalFooterLines(statement: SettlementStatement, paymentTermsShown: boolean): string[] {
  const settlement = paymentTermsShown ? null : settlementLine(statement);
  return [
    ...(settlement ? [settlement] : []),
    DOCUMENT_TEXT.latePayment(LATE_PAYMENT_RATE_MULTIPLIER, RECOVERY_FEE_EUROS),
    DOCUMENT_TEXT.noDiscount,
  ];
}

/**
 * SEPA Core rulebook pre-notification, on a category-5 invoice and on a relaunch's notice:
 * amount and debit date, the mandate's reference (RUM) and the creditor identifier (ICS).
 */
export function preNotificationLines(input: {
  amount: string;
  debit: DebitDay;
  mandateReference: string | null;
  creditorIdentifier: string;
}): string[] {
  const text = DOCUMENT_TEXT.preNotification;
  return [
    text.amount(input.amount, debitDayWhen(input.debit)),
    text.mandate(input.mandateReference),
    text.creditor(input.creditorIdentifier),
  ];
}
