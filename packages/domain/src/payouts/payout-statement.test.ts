import { describe, expect, it } from 'vitest';
import { buildPayoutStatement, payoutStatementNumber, type PayoutStatementParts } from './payout-statement';
import {
  PAYOUT_STATEMENT_TEXT,
  payoutStatementFileName,
  payoutStatementRows,
  payoutStatementTable,
} from './payout-statement-document';

const PERIOD = { from: '2026-09-01', to: '2026-09-30' };
const movement = (day: string, shareCents: number, fluxId = 10) => ({
  day,
  fluxId,
  reference: `2027-FFME-${fluxId}`,
  club: 'ASPTT Lyon montagne',
  category: 'Licence',
  shareCents,
});
const transfer = (day: string, amountCents: number) => ({
  day,
  fileName: 'virements-sepa-3-2026-09-15.xml',
  endToEndId: 'GDF-3-202',
  amountCents,
});

const parts = (overrides: Partial<PayoutStatementParts> = {}): PayoutStatementParts => ({
  level: 'ligue',
  earnedBefore: 50_000,
  receivedBefore: 30_000,
  movements: [movement('2026-09-02', 1_428), movement('2026-09-15', 800, 11), movement('2026-09-20', -1_428)],
  transfers: [transfer('2026-09-15', 20_000)],
  ...overrides,
});

describe('R-PAY-09: a ligue’s or a comité’s relevé de reversements', () => {
  it('opens with what was due before the period: shares earned less transfers received (R-PAY-04, R-PAY-07)', () => {
    expect(buildPayoutStatement(parts(), PERIOD).openingBalance).toBe(20_000);
  });

  it('lists movements and transfers in date order, movements first on a day, with the running balance due', () => {
    const statement = buildPayoutStatement(parts(), PERIOD);
    expect(statement.lines.map((line) => [line.day, line.kind, line.balance])).toEqual([
      ['2026-09-02', 'quote_part', 21_428],
      ['2026-09-15', 'quote_part', 22_228],
      ['2026-09-15', 'versement', 2_228],
      ['2026-09-20', 'quote_part', 800],
    ]);
    expect(statement.closingBalance).toBe(800);
  });

  it('R-PAY-03: a reversal is a negative share, counted apart from what was earned; the totals add up to the cent', () => {
    const statement = buildPayoutStatement(parts(), PERIOD);
    expect(statement).toMatchObject({ totalEarned: 2_228, totalReversed: 1_428, totalReceived: 20_000 });
    expect(statement.openingBalance + statement.totalEarned - statement.totalReversed - statement.totalReceived).toBe(
      statement.closingBalance,
    );
  });

  it('leaves out rows outside the period: the period’s bounds are inclusive Paris days', () => {
    const statement = buildPayoutStatement(
      parts({
        movements: [
          movement('2026-08-31', 100),
          movement('2026-09-01', 200),
          movement('2026-09-30', 300),
          movement('2026-10-01', 400),
        ],
        transfers: [],
      }),
      PERIOD,
    );
    expect(statement.lines.map((line) => line.day)).toEqual(['2026-09-01', '2026-09-30']);
    expect(statement.closingBalance).toBe(20_500);
  });

  it('an empty period keeps the opening balance as its closing balance, every total a plain zero', () => {
    const statement = buildPayoutStatement(parts({ movements: [], transfers: [] }), PERIOD);
    expect(statement).toMatchObject({ lines: [], openingBalance: 20_000, closingBalance: 20_000, totalReceived: 0 });
    expect(Object.is(statement.totalReversed, 0)).toBe(true);
  });

  it('is numbered RR-<year>-<id on six digits>, and its files are named after the period and the number', () => {
    expect(payoutStatementNumber(42, '2026-11-29')).toBe('RR-2026-000042');
    expect(payoutStatementNumber(1_234_567, '2027-01-01')).toBe('RR-2027-1234567');
    expect(payoutStatementFileName('RR-2026-000042', 202, '2026-09-01', '2026-09-30', 'xlsx')).toBe(
      'releve-de-reversements-202-2026-09-01-2026-09-30-RR-2026-000042.xlsx',
    );
  });

  it('the PDF’s rows: opening, each line with its reference, club, category and amount, totals, closing', () => {
    // Intl's narrow spaces read as plain ones.
    const rows = payoutStatementRows(buildPayoutStatement(parts(), PERIOD)).map((row) =>
      row.map((cell) => cell.replace(/\s/gu, ' ')),
    );
    expect(rows[0]).toEqual(['01/09/2026', PAYOUT_STATEMENT_TEXT.opening, '', '', '', '', '200,00 €']);
    expect(rows[1]).toEqual([
      '02/09/2026',
      '2027-FFME-10',
      'ASPTT Lyon montagne',
      'Licence',
      '14,28 €',
      '',
      '214,28 €',
    ]);
    expect(rows[3]).toEqual([
      '15/09/2026',
      'virements-sepa-3-2026-09-15.xml / GDF-3-202',
      PAYOUT_STATEMENT_TEXT.transfer,
      '',
      '',
      '200,00 €',
      '22,28 €',
    ]);
    expect(rows[4]![4]).toBe('-14,28 €');
    expect(rows.at(-2)).toEqual(['', PAYOUT_STATEMENT_TEXT.totals, '', '', '8,00 €', '200,00 €', '']);
    expect(rows.at(-1)).toEqual(['30/09/2026', PAYOUT_STATEMENT_TEXT.closing, '', '', '', '', '8,00 €']);
  });

  it('R-EXP-01: the xlsx has amounts as euros and days as dates, its number in the header', () => {
    const { table, header, amountColumns } = payoutStatementTable(buildPayoutStatement(parts(), PERIOD), 'Ligue AURA', {
      number: 'RR-2026-000042',
      day: '2026-11-29',
    });
    expect(header).toEqual([
      'Relevé de reversements — Ligue AURA',
      'Période du 01/09/2026 au 30/09/2026',
      'N° RR-2026-000042, émis le 29/11/2026',
    ]);
    expect(table.rows[1]!.slice(1)).toEqual(['2027-FFME-10', 'ASPTT Lyon montagne', 'Licence', 14.28, null, 214.28]);
    expect(table.rows[1]![0]).toBeInstanceOf(Date);
    expect(table.rows.at(-1)!.at(-1)).toBe(8);
    expect(amountColumns).toEqual(['Acquis', 'Reçu', 'Solde dû']);
  });
});
