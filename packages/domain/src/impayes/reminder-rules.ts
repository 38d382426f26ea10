/**
 * Reminder letters for overdue flux ('Relance' level 1, 2, 3): their rising wording, the
 * level proposed after the last letter, and the late-payment terms they quote.
 */
import { DOCUMENT_TEXT } from '../documents/document-messages';
import { LATE_PAYMENT_RATE_MULTIPLIER, RECOVERY_FEE_EUROS } from '../documents/invoice-mentions';
import { StructureType, type StructureTypeId } from '../structures/structure-types';

export const REMINDER_LEVELS = [1, 2, 3] as const;
export type ReminderLevel = (typeof REMINDER_LEVELS)[number];

/** Level 1 is a friendly reminder, 2 a reminder, 3 a formal notice (mise en demeure). */
export const REMINDER_LEVEL_LABELS: Record<ReminderLevel, string> = {
  1: 'Rappel amiable',
  2: 'Relance',
  3: 'Mise en demeure',
};

export const isReminderLevel = (value: unknown): value is ReminderLevel => value === 1 || value === 2 || value === 3;

/** What the last letter to a structure was: its level and the flux it cited. */
export interface LastReminder {
  level: ReminderLevel;
  fluxIds: readonly number[];
}

/**
 * The level proposed for the next letter: one above the last letter's, at most 3, while a
 * flux it cited is still overdue. When none is (all paid since, or never cited), the debt is a
 * new one and the reminders start again at level 1.
 */
export function nextReminderLevel(last: LastReminder | null, overdueFluxIds: readonly number[]): ReminderLevel {
  if (!last || !followsLastReminder(last, overdueFluxIds)) return 1;
  return Math.min(last.level + 1, 3) as ReminderLevel;
}

/**
 * Whether a new letter follows the last one: that one cited a flux still overdue. Only then
 * may the letter name it ("Malgré notre relance du …"), whatever level is chosen.
 */
export function followsLastReminder(last: LastReminder | null, overdueFluxIds: readonly number[]): boolean {
  if (!last) return false;
  const stillOverdue = new Set(overdueFluxIds);
  return last.fluxIds.some((id) => stillOverdue.has(id));
}

/** A structure does not remind itself: the letter's sender among its recipients is refused. */
export function ownStructureAmongRecipients(senderId: number, recipientIds: readonly number[]): boolean {
  return recipientIds.includes(senderId);
}

/**
 * Who follows up overdue payments: the head office, ligues and comités, each within its
 * structure scope. A club (or another member structure) only pays: it reminds nobody.
 */
const REMINDING_TYPES: ReadonlySet<StructureTypeId> = new Set([
  StructureType.Federation,
  StructureType.LigueRegionale,
  StructureType.ComiteDepartemental,
]);

export function canRemindOverdue(structureType: StructureTypeId): boolean {
  return REMINDING_TYPES.has(structureType);
}

/**
 * R-UI-20: Impayés is offered only where it can show something to follow up: the head office
 * (its scope holds its federation's structures) and the super administrator (no scope limit).
 * A ligue's or a comité's scope is its own structure, which never reminds itself (R-SCOPE-01):
 * its list is empty of anyone to remind, so it is not offered.
 */
export function offersImpayes(structureType: StructureTypeId, isSuperAdmin: boolean): boolean {
  return isSuperAdmin || structureType === StructureType.Federation;
}

/**
 * The late-payment terms a reminder quotes. Code de commerce art. L441-10 II: penalties are
 * due from the day after the due date without any reminder, at a rate of no less than 3 times
 * the legal interest rate, and a debtor acting as a professional also owes a flat recovery
 * indemnity, 40 € (art. D441-5). These are rules between professionals: an association owes
 * them when it pays for its own activity as a professional would (a club buying a service);
 * otherwise only the legal interest runs, from a formal notice (Code civil art. 1231-6). The
 * letter says so rather than claiming more than the law gives.
 */
export const REMINDER_LEGAL_TERMS = {
  penalties: DOCUMENT_TEXT.latePayment(LATE_PAYMENT_RATE_MULTIPLIER, RECOVERY_FEE_EUROS),
  noReminderNeeded:
    'Ces pénalités sont exigibles dès le lendemain de la date d’échéance, sans qu’un rappel soit nécessaire (art. L441-10 du Code de commerce).',
  scope:
    'Pénalités et indemnité forfaitaire s’appliquent entre professionnels ; à défaut, les sommes dues portent intérêt au taux légal à compter de la mise en demeure (art. 1231-6 du Code civil).',
} as const;

export function reminderLegalTerms(): string[] {
  return [REMINDER_LEGAL_TERMS.penalties, REMINDER_LEGAL_TERMS.noReminderNeeded, REMINDER_LEGAL_TERMS.scope];
}
