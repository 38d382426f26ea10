import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { debitCollectionWindow, earliestDebitDay, isCollectableOn } from './debit-notice';
import { isTargetDay } from './target-calendar';

const DAY_MS = 86_400_000;
const dayOf = (offset: number) =>
  new Date(Date.parse('2025-11-01T00:00:00Z') + offset * DAY_MS).toISOString().slice(0, 10);

describe('R-SEPA-11: the day an invoice announces is the earliest day a file may collect it', () => {
  it('an invoice of 27/11/2026 announces 11/12/2026 (14 days of notice); a file of 01/12/2026 may not collect it', () => {
    const facts = { issueDay: '2026-11-27', fixedDay: null };
    expect(earliestDebitDay(facts)).toBe('2026-12-11');
    expect(isCollectableOn(facts, '2026-12-01', 1)).toBe(false);
    expect(isCollectableOn(facts, '2026-12-10', 1)).toBe(false);
    expect(isCollectableOn(facts, '2026-12-11', 1)).toBe(true);
  });

  it('a fixed day (due date, batch) counts when later than the notice; a closed day moves to the next TARGET day', () => {
    expect(earliestDebitDay({ issueDay: '2026-11-02', fixedDay: '2026-12-24' })).toBe('2026-12-24');
    // 25 and 26 December are TARGET holidays, 27 a Sunday.
    expect(earliestDebitDay({ issueDay: '2026-11-02', fixedDay: '2026-12-25' })).toBe('2026-12-28');
    // A due date inside the notice period: the notice wins.
    expect(earliestDebitDay({ issueDay: '2026-11-27', fixedDay: '2026-11-30' })).toBe('2026-12-11');
  });

  it('the lead time counts when it reaches past the notice (10 TARGET days over Christmas)', () => {
    // 18/12/2026 + 14 = 01/01/2027 (closed) -> 04/01/2027; 10 TARGET days after 18/12 skip 25, 26 Dec and 1 Jan.
    expect(earliestDebitDay({ issueDay: '2026-12-18', fixedDay: null }, 1)).toBe('2027-01-04');
    expect(earliestDebitDay({ issueDay: '2026-12-18', fixedDay: null }, 10)).toBe('2027-01-05');
  });

  it('the window the SQL uses agrees with the rule on every day, issue day, fixed day and lead time', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: -80, max: 10 }),
        fc.option(fc.integer({ min: -40, max: 40 }), { nil: null }),
        fc.integer({ min: 1, max: 10 }),
        (collection, issueOffset, fixedOffset, lead) => {
          const collectionDate = dayOf(collection);
          const facts = {
            issueDay: dayOf(collection + issueOffset),
            fixedDay: fixedOffset === null ? null : dayOf(collection + fixedOffset),
          };
          const window = debitCollectionWindow(collectionDate, lead);
          const inWindow =
            facts.issueDay <= window.latestIssueDay &&
            (facts.fixedDay === null || facts.fixedDay <= window.latestFixedDay);
          expect(inWindow).toBe(isCollectableOn(facts, collectionDate, lead));
          expect(isTargetDay(earliestDebitDay(facts, lead))).toBe(true);
        },
      ),
      { numRuns: 5000 },
    );
  });
});
