/**
 * 'Situation de la structure': one structure's page, what it owes and how its payments went.
 * Every figure of money comes from the balance rule (receivables/reste-du.ts) and the account
 * statement's ageing (overdueFlux): this file only names what the page carries.
 */
import type { AgeingBucket } from '../account-statement/account-statement';
import type { IssuedAccountStatementSummary } from '../account-statement/statement-request';
import type { FluxPaymentStatus } from '../flux/payment-status';
import type { OverdueRow } from '../impayes/overdue-structures';
import type { ReminderLevel } from '../impayes/reminder-rules';
import type { Cents } from '../money/money';
import type { SepaExclusionCode } from '../sepa/debtor-eligibility';
import type { StructureRib } from '../structures/structure-rib';
import type { StructureTypeId } from '../structures/structure-types';

/** GET /api/structures/{id}/situation: the page's data, within the caller's structure scope. */
export function structureSituationPath(structureId: number): string {
  return `/api/structures/${structureId}/situation`;
}

/** How many rows each history section holds, newest first. */
export const STRUCTURE_SITUATION_LIMIT = 20;

/** The bank section's word when a SEPA file would leave nothing of the structure out. */
export const MANDATE_READY_LABEL = 'Prélèvement possible : RIB et mandat complets';

/** Open flux the page lists at most (the oldest due first); the balance always counts them all. */
export const STRUCTURE_SITUATION_OPEN_FLUX_LIMIT = 200;

export interface SituationStructure {
  id: number;
  name: string;
  federalCode: string | null;
  typeId: StructureTypeId;
  typeName: string;
}

/** An open flux (neither settled nor relaunched) with what it still owes, signed from the structure's side. */
export interface SituationOpenFlux {
  fluxId: number;
  /** The printed invoice number (season-FFME-id). */
  invoiceNumber: string;
  label: string;
  /** Paris day of creation, YYYY-MM-DD. */
  date: string;
  /** DateEcheance, else the default payment term. */
  dueDate: string;
  isDebit: boolean;
  amount: Cents;
  resteDu: Cents;
  status: FluxPaymentStatus;
  /** Days past the due day (0 when not yet due). */
  daysLate: number;
}

export interface SituationSettledFlux {
  fluxId: number;
  invoiceNumber: string;
  label: string;
  date: string;
  isDebit: boolean;
  amount: Cents;
  /** DateReglement, null when settled before settlement days were recorded. */
  settledOn: string | null;
}

/** A confirmed part of a bank credit given to one of the structure's flux. */
export interface SituationSettlementPart {
  fluxId: number;
  invoiceNumber: string;
  label: string;
  amount: Cents;
  /** The bank's booking day. */
  day: string;
  bankLabel: string;
}

export interface SituationReturn {
  fluxId: number;
  invoiceNumber: string;
  label: string;
  amount: Cents;
  type: 'rejet' | 'retour';
  date: string;
  reasonCode: string | null;
  reason: string;
  status: FluxPaymentStatus;
}

export interface SituationRelaunch {
  fluxId: number;
  invoiceNumber: string;
  label: string;
  amount: Cents;
  relaunchFluxId: number;
  relaunchInvoiceNumber: string;
  relaunchedOn: string;
}

export interface SituationReminder {
  id: number;
  level: ReminderLevel;
  levelLabel: string;
  date: string;
  total: Cents;
  fileName: string;
  senderName: string;
  fluxCount: number;
}

/** The RIB in use and whether a direct debit may be collected on it (the SEPA file's own check). */
export interface SituationBank {
  ribs: StructureRib[];
  /** Null when the structure can be debited; else the first missing piece. */
  mandateProblem: SepaExclusionCode | null;
  mandateLabel: string;
}

/** An action of the page: allowed, or why not, in French. */
export interface SituationAction {
  allowed: boolean;
  reason: string | null;
}

export interface StructureSituation {
  structure: SituationStructure;
  /** The Paris day the figures are read at. */
  asOf: string;
  /** The structure's balance (positive when it owes): the Impayés 'Reste dû', the relevé's closing balance. */
  balance: Cents;
  ageing: {
    buckets: Record<AgeingBucket, { count: number; amount: Cents }>;
    total: Cents;
    /** Reste dû of the open flux not yet due (debits), and what the federation owes (credits, negative). */
    notDue: Cents;
    credits: Cents;
  };
  /** The open flux that still owe something (either way), oldest due first, at most STRUCTURE_SITUATION_OPEN_FLUX_LIMIT. */
  openFlux: SituationOpenFlux[];
  /** How many open flux owe something, listed or not. */
  openFluxCount: number;
  settled: SituationSettledFlux[];
  settlementParts: SituationSettlementPart[];
  returns: SituationReturn[];
  relaunches: SituationRelaunch[];
  reminders: SituationReminder[];
  statements: IssuedAccountStatementSummary[];
  bank: SituationBank;
  /** The row Impayés shows for the structure (to issue a letter), null when nothing is overdue. */
  overdueRow: OverdueRow | null;
  actions: {
    accountStatement: SituationAction;
    documentPack: SituationAction;
    reminder: SituationAction;
    /** Downloading the letters sent (the Impayés access). */
    reminderDownload: SituationAction;
  };
}
