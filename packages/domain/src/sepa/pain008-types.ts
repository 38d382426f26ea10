import type { Cents } from '../money/money';

export const PAIN008_VERSIONS = ['pain.008.001.08', 'pain.008.001.02'] as const;
export type Pain008Version = (typeof PAIN008_VERSIONS)[number];
export const DEFAULT_PAIN008_VERSION: Pain008Version = 'pain.008.001.08';

export const SEPA_SEQUENCE_TYPES = ['FRST', 'RCUR', 'OOFF', 'FNAL'] as const;
export type SepaSequenceType = (typeof SEPA_SEQUENCE_TYPES)[number];

/**
 * A postal address: town and country at least (R-SEPA-03). Every pain.008 and pain.001 version writes it
 * structured, or hybrid when a complement is known (the EPC forbids unstructured-only
 * addresses from 15 November 2026).
 */
export interface SepaPostalAddress {
  street?: string | null;
  /** BldgNb, when known apart from the street. */
  buildingNumber?: string | null;
  postCode?: string | null;
  town: string;
  /** ISO 3166 alpha-2, e.g. FR. */
  country: string;
  /** An address complement (building, lieu-dit...): the AdrLine of a hybrid address. */
  complement?: string | null;
}

export interface SepaCreditor {
  name: string;
  iban: string;
  bic: string | null;
  /** Identifiant Créancier SEPA. */
  ics: string;
  address: SepaPostalAddress;
}

export interface SepaDirectDebit {
  /** Unique per transaction, at most 35 characters. */
  endToEndId: string;
  amountCents: Cents;
  /** RUM, at most 35 characters. */
  mandateReference: string;
  /** YYYY-MM-DD. */
  mandateSignedOn: string;
  debtorName: string;
  debtorIban: string;
  debtorBic: string | null;
  debtorAddress: SepaPostalAddress;
  /** Unstructured remittance text, cut to 140 characters. */
  remittance: string;
  /** Set when the debtor's account changed since the last collection under this mandate. */
  amendment?: SepaMandateAmendment | null;
}

/**
 * EPC IG (AT-24, reason for amendment): the original debtor account (OrgnlDbtrAcct) and,
 * when the debtor moved to another bank, 'SMNDA' as original debtor agent.
 */
export interface SepaMandateAmendment {
  originalDebtorIban: string;
  bankChanged: boolean;
}

export interface Pain008Input {
  version: Pain008Version;
  messageId: string;
  paymentInfoId: string;
  createdAt: Date;
  /** YYYY-MM-DD. */
  requestedCollectionDate: string;
  sequenceType: SepaSequenceType;
  creditor: SepaCreditor;
  transactions: readonly SepaDirectDebit[];
}
