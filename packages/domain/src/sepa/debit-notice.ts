import type { SepaExclusion } from './debtor-eligibility';
import { addCalendarDays as shift } from '../account-statement/account-statement';
import { addTargetDays, nextTargetDay, previousTargetDay } from './target-calendar';

/**
 * R-SEPA-11, one rule for the notice and the collection: the earliest day a direct debit may
 * be collected is what its invoice (or relaunch notice) announces, and no SEPA file collects
 * it before that day. Dates are ISO days (YYYY-MM-DD), arithmetic in UTC.
 */

/**
 * SEPA Core rulebook (pre-notification): the creditor notifies the debtor at least 14
 * calendar days before the collection, unless the mandate agrees otherwise.
 */
export const SEPA_PRE_NOTIFICATION_DAYS = 14;

/**
 * The lead time a document counts with: the EPC SDD Core minimum (D-1). A configured lead
 * (SEPA_MIN_LEAD_DAYS) is never shorter, so a file honours the day the document printed.
 */
export const SEPA_DOCUMENT_LEAD_DAYS = 1;

/** What an invoice knows of its debit: the day it was issued (Paris) and a day fixed for it, if any. */
export interface DebitNoticeFacts {
  /** The document's date, Europe/Paris day. */
  issueDay: string;
  /** Its due date (DateEcheance), else the collection date of the batch holding it; null when none. */
  fixedDay: string | null;
}

const later = (a: string, b: string) => (a > b ? a : b);

/**
 * The earliest collection day of a debit (R-SEPA-11): a TARGET day, on or after its fixed day,
 * at least 14 calendar days after the document (pre-notification), and reachable by a file
 * sent on the document's day with `leadDays` TARGET days of lead (EPC D-1 at least).
 */
export function earliestDebitDay(facts: DebitNoticeFacts, leadDays = SEPA_DOCUMENT_LEAD_DAYS): string {
  const notice = shift(facts.issueDay, SEPA_PRE_NOTIFICATION_DAYS);
  const reachable = addTargetDays(nextTargetDay(facts.issueDay), leadDays);
  return nextTargetDay(later(later(notice, reachable), facts.fixedDay ?? notice));
}

/**
 * The same rule read the other way, for a file collecting on `collectionDate` with `leadDays`
 * of lead: a debit may be in it exactly when its document was issued on or before
 * `latestIssueDay` and its fixed day (if any) is on or before `latestFixedDay`. Lets the SQL
 * select the collectable flux with two comparisons (debit-notice.test.ts checks both readings
 * agree on every day).
 */
export interface DebitCollectionWindow {
  latestIssueDay: string;
  latestFixedDay: string;
}

export function debitCollectionWindow(collectionDate: string, leadDays: number): DebitCollectionWindow {
  // earliestDebitDay is a TARGET day, so it is on or before the date exactly when it is on or
  // before the last TARGET day up to the date; every part of it grows with the issue day.
  const latestFixedDay = previousTargetDay(collectionDate);
  let latestIssueDay = shift(latestFixedDay, -SEPA_PRE_NOTIFICATION_DAYS);
  while (earliestDebitDay({ issueDay: latestIssueDay, fixedDay: null }, leadDays) > latestFixedDay) {
    latestIssueDay = shift(latestIssueDay, -1);
  }
  return { latestIssueDay, latestFixedDay };
}

/** Whether a debit may be collected on `collectionDate` (what the window above tells in SQL). */
export function isCollectableOn(facts: DebitNoticeFacts, collectionDate: string, leadDays: number): boolean {
  return earliestDebitDay(facts, leadDays) <= collectionDate;
}

/** 2026-12-11 -> 11/12/2026. */
const frenchDay = (isoDay: string) => isoDay.split('-').reverse().join('/');

/**
 * Why flux are left out of a file collecting before the day their invoice announced, with the
 * first day one of them may be collected (the page's excluded list shows it).
 */
export function noticeExclusion(firstCollectableDay: string): SepaExclusion {
  return {
    code: 'preavis',
    motif: `Prélevable à partir du ${frenchDay(firstCollectableDay)} (date de prélèvement annoncée sur la facture, préavis SEPA)`,
  };
}
