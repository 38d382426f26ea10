import type { Cents } from '../money/money';

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
}

export interface DocumentLine {
  label: string;
  unitPrice: Cents;
  quantity: number;
  amount: Cents;
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
}

export interface StatementInput {
  flux: DocumentFlux;
  structure: DocumentStructure;
}
