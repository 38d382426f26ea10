import { describe, expect, it } from 'vitest';
import { fluxClosingDay } from '../account-statement/account-statement';
import {
  allocate,
  buildEntry,
  buildUnreconciledSettlementEntry,
  checkFec,
  entryNumberText,
  FEC_HEADER,
  fecLines,
  reversalOf,
  UNRECONCILED_ACCOUNT,
  UNRECONCILED_JOURNAL,
  unreconciledSettlementDay,
  unreconciledThirdPartyCents,
  type AccountingEntry,
  type UnreconciledSettlementForEntry,
} from './index';
import { AFFILIATION, HEAD_OFFICE, YEAR } from './head-office-books.fixture';

const settlement: UnreconciledSettlementForEntry = {
  fluxId: 42,
  pieceRef: '2026-FFME-42',
  settlementDay: '2026-01-20',
  thirdPartyCents: -10_000,
  structureCode: '069012',
  structureName: 'Club Escalade Lyon',
  relaunchCopy: false,
};
const paris = (day: string) => new Date(`${day}T10:00:00+01:00`);

describe('settlements outside bank reconciliations (R-LEDG-14)', () => {
  it('R-LEDG-14: the settlement day is the statement rule’s closing day of a settled flux (R-STMT-02)', () => {
    for (const [fluxDay, settledOn] of [
      ['2026-01-05', '2026-01-20'],
      ['2026-01-05', null], // settled before settlement days were recorded: its own day
      ['2026-01-05', '2026-01-02'], // a day recorded before the flux: never before its own day
      ['2026-01-05', '2026-01-05'],
    ] as const) {
      const ruleDay = fluxClosingDay({
        createdAt: paris(fluxDay),
        settled: true,
        settledOn,
        relaunchedBy: null,
        relaunchedAt: null,
        settledParts: [],
      });
      expect(unreconciledSettlementDay(fluxDay, settledOn)).toBe(ruleDay);
    }
  });

  it('R-LEDG-14: a settled debit credits the third party, a credit paid out debits it, less what the bank booked', () => {
    expect(unreconciledThirdPartyCents({ isDebit: true, amountCents: 10_000 }, 0)).toBe(-10_000);
    expect(unreconciledThirdPartyCents({ isDebit: false, amountCents: 2_500 }, 0)).toBe(2_500);
    // 30.00 reconciled by a bank line, the rest marked paid: 70.00 left to book.
    expect(unreconciledThirdPartyCents({ isDebit: true, amountCents: 10_000 }, 3_000)).toBe(-7_000);
    // Wholly reconciled: nothing (never settled twice).
    expect(unreconciledThirdPartyCents({ isDebit: true, amountCents: 10_000 }, 10_000)).toBe(0);
  });

  it('R-LEDG-14: journal RG, debit 511000 against the 411 auxiliary account, lettered L<id> on the settlement day', () => {
    const entry = buildUnreconciledSettlementEntry(settlement, HEAD_OFFICE);
    expect(entry).toMatchObject({
      fluxId: 42,
      journal: UNRECONCILED_JOURNAL,
      number: 'RG-BROUILLARD-42',
      date: '2026-01-20',
      pieceDate: '2026-01-20',
      pieceRef: '2026-FFME-42',
      label: 'Règlement 2026-FFME-42',
      lettering: { code: 'L42', date: '2026-01-20' },
    });
    expect(entry.lines.map((l) => [l.account, l.auxAccount, l.debitCents, l.creditCents, l.lettered])).toEqual([
      [UNRECONCILED_ACCOUNT, '', 10_000, 0, false],
      ['411000', '411069012', 0, 10_000, true],
    ]);
    expect(entry.lines[0]!.accountLabel).toBe("Valeurs à l'encaissement");
  });

  it('R-LEDG-14: an avoir paid out reverses the sides; a relaunch copy is not lettered', () => {
    const payout = buildUnreconciledSettlementEntry({ ...settlement, thirdPartyCents: 2_500 }, HEAD_OFFICE);
    expect(payout.lines.map((l) => [l.account, l.debitCents, l.creditCents])).toEqual([
      [UNRECONCILED_ACCOUNT, 0, 2_500],
      ['411000', 2_500, 0],
    ]);
    const copy = buildUnreconciledSettlementEntry({ ...settlement, relaunchCopy: true }, HEAD_OFFICE);
    expect(copy.lettering).toBeNull();
    expect(copy.lines.every((l) => !l.lettered)).toBe(true);
  });

  it('R-LEDG-14: the sale, its settlement and the settlement’s reversal pass the A47 A-1 checker and leave 411 balanced', () => {
    const validated = (entry: AccountingEntry, sequence: number): AccountingEntry => ({
      ...entry,
      sequence,
      number: entryNumberText(entry.journal, YEAR, sequence),
      validDate: '2026-09-30',
    });
    const sale = buildEntry(
      AFFILIATION,
      'federation',
      HEAD_OFFICE,
      'VE',
      allocate(10_000, { account: '756200', accountLabel: 'Affiliations', section: null }, []),
    );
    const paid = validated(buildUnreconciledSettlementEntry(settlement, HEAD_OFFICE), 1);
    const reversal = validated({ ...reversalOf(paid), date: '2026-02-01' }, 2);
    const entries = [validated(sale, 1), paid, reversal];
    const file = FEC_HEADER + entries.map((e) => fecLines(e)).join('');
    expect(checkFec(file)).toEqual([]);
    // JournalCode, JournalLib, EcritureNum of the settlement's first line.
    expect(file.split('\r\n')[3]!.split('\t').slice(0, 3)).toEqual(['RG', 'Règlements', 'RG2026-000001']);
    const balance = (upTo: number) =>
      entries
        .slice(0, upTo)
        .flatMap((e) => e.lines)
        .filter((l) => l.auxAccount === '411069012')
        .reduce((sum, l) => sum + l.debitCents - l.creditCents, 0);
    expect(balance(2)).toBe(0); // settled: nothing owed
    expect(balance(3)).toBe(10_000); // the paid flag cleared: owed again
  });
});
