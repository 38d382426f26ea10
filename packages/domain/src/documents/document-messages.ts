/**
 * Every French text the flux documents print (facture, avoir, avis de prélèvement, relevé
 * d'opération). The rules that pick them live in document-rules.ts and invoice-mentions.ts.
 * The specification's own texts are kept word for word (R-FACT-03, R-FACT-05, R-DOC-04).
 */

/** R-FACT-05. */
export const VAT_EXEMPTION_NOTE = 'TVA NON APPLICABLE, art 293B du CGI';
/** R-FACT-03. */
export const PAID_BY_CARD_NOTE = 'Facture acquittée par carte bancaire';
/** R-DOC-04. */
export const STATEMENT_TITLE = "RELEVÉ D'OPÉRATION";

export const DOCUMENT_TEXT = {
  titles: { facture: 'FACTURE', avoir: 'AVOIR', avis: 'AVIS DE PRÉLÈVEMENT' },
  /** Page foot and PDF title: what the document is, and the invoice it carries or cites. */
  names: { facture: 'Facture', avoir: 'Avoir', avis: 'Avis de prélèvement' },
  references: {
    invoiceNumber: 'N° de facture',
    creditNoteNumber: 'N° d’avoir',
    originalInvoice: 'Facture d’origine',
    date: 'Date',
    debitDate: 'Date de prélèvement',
    fluxNumber: 'N° de flux',
    season: 'Saison',
  },
  headings: {
    seller: 'Émetteur',
    buyer: 'Facturé à',
    creditNoteBuyer: 'Bénéficiaire',
    debtor: 'Débiteur',
    paymentTerms: 'Conditions de règlement',
    preNotification: 'Pré-notification de prélèvement SEPA',
  },
  columns: ['Désignation', 'Prix unitaire', 'Quantité', 'Montant HT'] as [string, string, string, string],
  totals: { ht: 'Total HT', tva: 'TVA', ttc: 'Total TTC' },
  party: {
    federalCode: (code: string) => `Code fédéral : ${code}`,
    siren: (siren: string) => `SIREN : ${siren}`,
    email: (email: string) => `E-mail : ${email}`,
    phone: (phone: string) => `Tél. : ${phone}`,
    correspondent: (name: string) => `Correspondant : ${name}`,
  },
  operation: {
    nature: (nature: string) => `Nature de l’opération : ${nature}`,
    period: (start: string, end: string) => `Période de l’opération : du ${start} au ${end}`,
    natures: {
      services: 'Prestation de services',
      biens: 'Livraison de biens',
      mixte: 'Mixte (livraison de biens et prestation de services)',
    },
  },
  settlement: {
    dueDate: (day: string) => `Date d’échéance : ${day}`,
    onReceipt: 'à réception de la facture',
    onCreditNoteReceipt: 'à réception de l’avoir',
    debitDate: (when: string) => `Date de prélèvement : ${when}`,
    /** `when` of a known debit day, and of one not fixed yet (SEPA pre-notification period). */
    on: (day: string) => `le ${day}`,
    earliest: (day: string, noticeDays: number) => `au plus tôt le ${day} (préavis de ${noticeDays} jours calendaires)`,
    paidOn: (day: string) => `Facture acquittée le ${day}`,
    paid: 'Facture acquittée',
  },
  bankTransfer: {
    order: (holder: string, reference: string) =>
      `Règlement par virement bancaire à l’ordre de ${holder}, en indiquant la référence ${reference}.`,
    account: (iban: string, bic: string | null) => `IBAN : ${iban}` + (bic ? `    BIC : ${bic}` : ''),
  },
  /** Code de commerce L441-10 (penalty, flat indemnity) and D441-5 (its amount), L441-9 (discount). */
  latePayment: (rateMultiplier: number, indemnityEuros: number) =>
    `En cas de retard de paiement, une pénalité égale à ${rateMultiplier} fois le taux ` +
    `d’intérêt légal sera exigible (art. L441-10 du Code de commerce), ainsi qu’une indemnité ` +
    `forfaitaire pour frais de recouvrement de ${indemnityEuros}\u00a0€ (art. D441-5 du Code de commerce).`,
  noDiscount: 'Pas d’escompte pour paiement anticipé.',
  /** The Factur-X XML's notes (BT-22) and VAT exemption reason (BT-120), one legal mention each. */
  einvoice: {
    vatExemptionReason: 'TVA non applicable, art. 293 B du CGI',
    penalties: (rateMultiplier: number) =>
      `En cas de retard de paiement, une pénalité égale à ${rateMultiplier} fois le taux d’intérêt légal ` +
      `sera exigible (art. L441-10 du Code de commerce).`,
    indemnity: (indemnityEuros: number) =>
      `Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : ${indemnityEuros} € ` +
      `(art. D441-5 du Code de commerce).`,
  },
  creditNoteOf: (number: string) => `Avoir sur la facture n° ${number}`,
  /** The relaunch's notice: a new presentation of an invoice already issued, not a sale. */
  avisOf: (number: string) =>
    `Nouvelle présentation au prélèvement de la facture n° ${number}, restée impayée. ` +
    `Ce document n’est pas une facture.`,
  preNotification: {
    amount: (amount: string, when: string) => `Le montant de ${amount} sera prélevé sur votre compte ${when}.`,
    mandate: (rum: string | null) => `Référence unique du mandat (RUM) : ${rum ?? 'non renseignée'}`,
    creditor: (ics: string) => `Identifiant créancier SEPA (ICS) : ${ics}`,
  },
  pageFoot: (seller: string, name: string, number: string) => `${seller} — ${name} n° ${number}`,
  avisPageFoot: (seller: string, name: string, number: string) => `${seller} — ${name}, facture n° ${number}`,
  statement: {
    fluxNumber: 'N° de flux',
    date: 'Date',
    label: 'Libellé',
    direction: 'Sens',
    amount: 'Montant',
    debit: 'Débit',
    credit: 'Crédit',
  },
} as const;
