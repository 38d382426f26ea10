import type { Cents } from '../money/money';
import type { InvoiceReference } from './invoice-mentions';

/** What the server loads for one flux document; money in cents, dates as the database gives them. */
export interface DocumentAddress {
  line1: string | null;
  line2: string | null;
  postalCode: string | null;
  city: string | null;
}

export interface DocumentStructure {
  id: number;
  name: string;
  federalCode: string | null;
  siren: string | null;
  email: string | null;
  phone: string | null;
  address: DocumentAddress | null;
}

export interface DocumentPerson {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  /** The correspondent's postal address, when known (R-FACT-03: shown on Affiliation invoices). */
  address: DocumentAddress | null;
}

export interface DocumentLine {
  label: string;
  unitPrice: Cents;
  quantity: number;
  amount: Cents;
  /** The tarif the line sells (MKP_Tarif), which tells goods from services. */
  tarif: { name: string; categoryId: number } | null;
}

export interface DocumentFlux {
  id: number;
  name: string;
  createdAt: Date;
  /** FEDE_Saison id = the season's end year. */
  seasonId: number;
  categoryId: number;
  isDebit: boolean;
  amountHT: Cents;
  amountTVA: Cents;
  amountTTC: Cents;
  /** DateEcheance, a SQL date 'yyyy-mm-dd'. */
  dueDate: string | null;
  /** EST_Reglement. */
  settled: boolean;
}

export interface BankAccount {
  iban: string;
  bic: string | null;
}

export interface InvoiceInput {
  flux: DocumentFlux;
  lines: DocumentLine[];
  /** The flux's structure, and its correspondent (for Affiliation flux). */
  buyer: DocumentStructure;
  correspondent: DocumentPerson | null;
  /** The national head office (structure 1318) and its bank account. */
  seller: DocumentStructure;
  sellerBank: BankAccount | null;
  /** FEDE_Saison's first and last days ('yyyy-mm-dd'): the period of the operation. */
  season: { start: string; end: string };
  /** When a settled flux was settled, if known (settlementInstant). */
  settledAt: Date | null;
  /** A credit flux's debit (ID_FluxFinancierDebit), followed back through relaunches to its invoice. */
  correctedInvoice: InvoiceReference | null;
  /** A relaunched copy's original flux (the one whose ID_FluxFinancierRelance points to it), first of the chain. */
  relaunchOf: InvoiceReference | null;
  directDebit: DirectDebitFacts;
}

/** What a direct-debit document announces besides the amount (SEPA pre-notification). */
export interface DirectDebitFacts {
  /** MandatRUM of the structure's bank account (STR_StructureRib), the valid newest first. */
  mandateReference: string | null;
  /** The creditor identifier (ICS) of the SEPA settings. */
  creditorIdentifier: string;
  /** The requested collection date of the SEPA batch holding the flux, if any. */
  batchCollectionDate: string | null;
}

export interface StatementInput {
  flux: DocumentFlux;
  structure: DocumentStructure;
}
