import { describe, expect, it } from 'vitest';
import { FEC_HEADER, fecLines } from './fec';
import { checkFec } from './fec-check';
import { entryTotals } from './entry';
import { isCarriedForward, openingEntry, type AccountBalance } from './opening-entries';
import { pnmLines, layoutWidth, DEFAULT_PNM_LAYOUT } from './pnm';

const closed = { debut: '2025-09-01', fin: '2026-08-31' };
const next = { debut: '2026-09-01', fin: '2027-08-31' };
const balance = (account: string, balanceCents: number, auxAccount = ''): AccountBalance => ({
  account,
  accountLabel: `Compte ${account}`,
  auxAccount,
  auxLabel: auxAccount ? `Tiers ${auxAccount}` : '',
  balanceCents,
});

describe('opening entries (R-LEDG-13)', () => {
  it('carries the balance-sheet accounts, not classes 6 and 7, and puts the result in 120000 (profit)', () => {
    const entry = openingEntry(
      closed,
      next,
      [
        balance('411000', 12_345, '411C2'),
        balance('411000', 5_000, '411C1'),
        balance('411000', 0, '411C3'),
        balance('512000', -2_000),
        balance('706000', -15_345),
        balance('622000', 0),
      ],
      '2026-11-21',
    )!;
    expect(entry).toMatchObject({
      fluxId: null,
      journal: 'AN',
      number: 'AN2027-000001',
      sequence: 1,
      date: '2026-09-01',
      pieceRef: 'AN-2026-2027',
      pieceDate: '2026-09-01',
      validDate: '2026-11-21',
      label: "À nouveaux de l'exercice 2025-2026",
    });
    expect(entry.lines.map((l) => [l.account, l.auxAccount, l.debitCents, l.creditCents])).toEqual([
      ['411000', '411C1', 5_000, 0],
      ['411000', '411C2', 12_345, 0],
      ['512000', '', 0, 2_000],
      ['120000', '', 0, 15_345],
    ]);
    const totals = entryTotals(entry);
    expect(totals.debitCents).toBe(totals.creditCents);
  });

  it('a loss goes to 129000 with the books’ own label; nothing to carry gives no entry', () => {
    const entry = openingEntry(
      closed,
      next,
      [balance('401000', -9_999, '401FFME'), balance('651000', 9_999)],
      '2026-09-02',
      {
        '129000': 'Perte',
      },
    )!;
    expect(entry.lines.at(-1)).toMatchObject({
      account: '129000',
      accountLabel: 'Perte',
      debitCents: 9_999,
      creditCents: 0,
    });
    expect(openingEntry(closed, next, [balance('411000', 0, 'X'), balance('706000', 0)], '2026-09-02')).toBeNull();
    expect(openingEntry(closed, next, [balance('706000', -100), balance('622000', 100)], '2026-09-02')).toBeNull();
  });

  it('isCarriedForward: classes 1 to 5 (and a fixed third-party account such as 401FFME), never 6 or 7', () => {
    expect(['101000', '401FFME', '411C1', '512000', '120000'].every(isCarriedForward)).toBe(true);
    expect(['622000', '706000', '7'].some(isCarriedForward)).toBe(false);
  });

  it('its FEC lines pass the A47 A-1 checker and its PNM lines keep the layout width', () => {
    const entry = openingEntry(closed, next, [balance('411000', 700, '411C1'), balance('706000', -700)], '2026-11-21')!;
    expect(checkFec(FEC_HEADER + fecLines(entry))).toEqual([]);
    const pnm = pnmLines(entry).split('\r\n').filter(Boolean);
    expect(pnm.every((line) => line.length === layoutWidth(DEFAULT_PNM_LAYOUT))).toBe(true);
    expect(pnm[0]).toContain('AN-2026-2027');
  });
});
