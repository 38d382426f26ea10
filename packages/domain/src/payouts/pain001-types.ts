import type { Cents } from '../money/money';
import type { SepaPostalAddress } from '../sepa/pain008-types';

/** R-PAY-05: pain.001.001.09 (2019) by default, pain.001.001.03 (2009) as an option per bank. */
export const PAIN001_VERSIONS = ['pain.001.001.09', 'pain.001.001.03'] as const;
export type Pain001Version = (typeof PAIN001_VERSIONS)[number];
export const DEFAULT_PAIN001_VERSION: Pain001Version = 'pain.001.001.09';

/** The federation: the account the transfers are paid from. */
export interface SepaPayoutDebtor {
  name: string;
  iban: string;
  /** Optional in SEPA: the file says NOTPROVIDED without it. */
  bic: string | null;
  address: SepaPostalAddress;
}

/** One credit transfer: a ligue's or comité's share, or a refund to a club. */
export interface SepaCreditTransfer {
  /** Unique per transaction, at most 35 characters (EPC identifier rules). */
  endToEndId: string;
  /** The InstrId (at most 35 characters); the EndToEndId when left out. */
  instructionId?: string | null;
  /** Above zero and at most SEPA_MAX_AMOUNT_CENTS. */
  amountCents: Cents;
  creditorName: string;
  creditorIban: string;
  /** Written when well formed (CdtrAgt is optional in SEPA within the EEA). */
  creditorBic: string | null;
  creditorAddress: SepaPostalAddress;
  /** Unstructured remittance text, cut to 140 characters. */
  remittance: string;
}

export interface Pain001Input {
  version: Pain001Version;
  messageId: string;
  paymentInfoId: string;
  createdAt: Date;
  /** YYYY-MM-DD: the day the federation's bank debits its account. */
  requestedExecutionDate: string;
  debtor: SepaPayoutDebtor;
  transfers: readonly SepaCreditTransfer[];
}
