import type { Cents } from '../money/money';
import type { SepaReturnAnomaly } from './return-anomalies';

/** The bank reports read on the SEPA page (ISO 20022 message versions). */
export const SEPA_RETURN_FORMATS = [
  'pain.002.001.03',
  'pain.002.001.10',
  'camt.054.001.02',
  'camt.054.001.04',
  'camt.054.001.08',
] as const;
export type SepaReturnFormat = (typeof SEPA_RETURN_FORMATS)[number];

/** A reject before settlement (pain.002 RJCT) or a return after it (camt.054 RtrInf). */
export type SepaReturnKind = 'rejet' | 'retour';

/** The largest report accepted (a file of 5,000 transactions is about 4 MB). */
export const SEPA_RETURN_MAX_BYTES = 5 * 1024 * 1024;

/** One reported transaction matched to a flux in scope. */
export interface SepaReturnLine {
  endToEndId: string;
  ID_FluxFinancier: number;
  NomFluxFinancier: string;
  ID_Structure: number;
  NomStructure: string;
  /** The flux's amount. */
  montantCents: Cents;
  /** The amount the bank reports, when it gives one. */
  montantFichierCents: Cents | null;
  /** ISO 20022 reason code (AM04...), null when the bank gave none. */
  code: string | null;
  /** French label of the code. */
  motif: string;
  /** Day of the reject or return (YYYY-MM-DD). */
  dateRetour: string;
  type: SepaReturnKind;
  /** The flux was marked paid: the return makes it unpaid again. */
  etaitRegle: boolean;
  /** R-RET-05: how the report does not fit the debit (amount, currency, date); empty when it fits. */
  anomalies: readonly SepaReturnAnomaly[];
}

/** A flux already rejected by an earlier report: nothing changes, its first reason stays. */
export interface SepaReturnAlreadyRejected extends SepaReturnLine {
  codeExistant: string | null;
  motifExistant: string;
  dateExistante: string;
}

/** An EndToEndId that names no flux of ours within scope. */
export interface SepaReturnUnknown {
  endToEndId: string;
  code: string | null;
  motif: string;
  montantFichierCents: Cents | null;
}

export interface SepaReturnReport {
  format: SepaReturnFormat;
  nomFichier: string;
  sha256: string;
  /** Transactions the file reports as rejected or returned. */
  nbTransactions: number;
  /** Transactions reported with another status (accepted, pending): nothing to do. */
  nbIgnorees: number;
  /** The same file (same SHA-256) was imported before: nothing changes. */
  dejaImporte: boolean;
  /**
   * Preview: the flux that will become 'rejeté' (those with anomalies only if confirmed,
   * R-RET-05); import: those that did.
   */
  flux: SepaReturnLine[];
  dejaRejetes: SepaReturnAlreadyRejected[];
  inconnus: SepaReturnUnknown[];
}

export interface SepaReturnImportResult extends SepaReturnReport {
  /** The import's id (MKP_ImportRetour), null when the file had been imported already. */
  idImport: number | null;
  /** R-RET-05: returns with anomalies left unapplied, the import not confirming them. */
  nonAppliques: SepaReturnLine[];
}
