import { describe, expect, it } from 'vitest';
import {
  allocate,
  BANK_ACCOUNT,
  BANK_JOURNAL,
  buildBankEntry,
  buildEntry,
  checkFec,
  entryNumberText,
  entryTotals,
  FEC_COLUMNS,
  FEC_HEADER,
  fecLines,
  pnmLines,
  reversalOf,
  sageCsvLines,
  settlementLettering,
  withLettering,
  type AccountingEntry,
  type BankSettlementForEntry,
  type FluxSettlement,
} from './index';
import { AFFILIATION, HEAD_OFFICE, YEAR } from './head-office-books.fixture';

const flux = AFFILIATION;
const part = (reconciliationId: number, amountCents: number, bookingDate: string): BankSettlementForEntry => ({
  reconciliationId,
  fluxId: flux.id,
  pieceRef: flux.pieceRef,
  bookingDate,
  amountCents,
  structureCode: flux.structureCode,
  structureName: flux.structureName,
});
const settledByBank: FluxSettlement = { fluxId: 42, settled: true, bankDay: '2026-02-10', otherDay: '2026-02-11' };

/** What validation does: a number in the journal's sequence and the validation day. */
const validated = (entry: AccountingEntry, sequence: number, validDate = '2026-03-01'): AccountingEntry => ({
  ...entry,
  sequence,
  number: entryNumberText(entry.journal, YEAR, sequence),
  validDate,
});
const column = (row: string, name: (typeof FEC_COLUMNS)[number]) => row.split('\t')[FEC_COLUMNS.indexOf(name)];

describe('settlement entries of a bank reconciliation (R-BANK-06)', () => {
  it('debits the bank account 512000 and credits the third-party account of the sale entry, for the part', () => {
    const entry = buildBankEntry(part(7, 6_000, '2026-02-03'), HEAD_OFFICE);
    const sale = buildEntry(
      flux,
      'federation',
      HEAD_OFFICE,
      'VE',
      allocate(10_000, { account: '756200', accountLabel: 'Affiliations', section: null }, []),
    );
    expect(entry).toMatchObject({
      journal: BANK_JOURNAL,
      date: '2026-02-03',
      pieceDate: '2026-02-03',
      pieceRef: '2026-FFME-42',
      label: 'Règlement 2026-FFME-42',
      number: 'BQ-BROUILLARD-R7-42',
      lettering: null,
    });
    expect(entry.lines.map((l) => [l.account, l.auxAccount, l.auxLabel, l.debitCents, l.creditCents])).toEqual([
      [BANK_ACCOUNT, '', '', 6_000, 0],
      ['411000', '411069012', 'Club Escalade Lyon', 0, 6_000],
    ]);
    // The same third-party account as the sale entry's debit.
    expect(entry.lines[1]!.auxAccount).toBe(sale.lines[0]!.auxAccount);
    expect(entryTotals(entry)).toEqual({ debitCents: 6_000, creditCents: 6_000 });
  });

  it('uses the books’ own label of the bank account when the chart has one', () => {
    const entry = buildBankEntry(part(7, 100, '2026-02-03'), HEAD_OFFICE, {
      account: '512000',
      label: 'Banque Crédit Mutuel',
    });
    expect(entry.lines[0]).toMatchObject({ account: '512000', accountLabel: 'Banque Crédit Mutuel' });
  });
});

describe('lettering rule (FEC EcritureLet/DateLet, columns 14-15 of article A47 A-1 LPF)', () => {
  it('a flux the bank settled: sale and settlement entries share L<flux id>, dated the bank booking day', () => {
    expect(settlementLettering(settledByBank, 'sale')).toEqual({ code: 'L42', date: '2026-02-10' });
    expect(settlementLettering(settledByBank, 'settlement')).toEqual({ code: 'L42', date: '2026-02-10' });
  });

  it('a flux partly paid is not lettered, on either entry', () => {
    const partly: FluxSettlement = { fluxId: 42, settled: false, bankDay: null, otherDay: null };
    expect(settlementLettering(partly, 'sale')).toBeNull();
    expect(settlementLettering(partly, 'settlement')).toBeNull();
  });

  it('a flux settled without the bank keeps the audit day on its sale entry; a settlement part is not lettered', () => {
    const byHand: FluxSettlement = { fluxId: 42, settled: true, bankDay: null, otherDay: '2026-02-11' };
    expect(settlementLettering(byHand, 'sale')).toEqual({ code: 'L42', date: '2026-02-11' });
    expect(settlementLettering(byHand, 'settlement')).toBeNull();
    expect(settlementLettering({ ...byHand, otherDay: null }, 'sale')).toBeNull();
  });

  it('withLettering marks the third-party line only', () => {
    const entry = withLettering(buildBankEntry(part(7, 100, '2026-02-03'), HEAD_OFFICE), {
      code: 'L42',
      date: '2026-02-10',
    });
    expect(entry.lines.map((l) => l.lettered)).toEqual([false, true]);
  });
});

describe('FEC with settlement entries (article A47 A-1 LPF)', () => {
  const sale = withLettering(
    buildEntry(
      flux,
      'federation',
      HEAD_OFFICE,
      'VE',
      allocate(10_000, { account: '756200', accountLabel: 'Affiliations', section: null }, []),
    ),
    settlementLettering(settledByBank, 'sale'),
  );
  // A split: 60.00 from a first credit, the remaining 40.00 from a second one.
  const first = withLettering(
    buildBankEntry(part(7, 6_000, '2026-02-03'), HEAD_OFFICE),
    settlementLettering(settledByBank, 'settlement'),
  );
  const second = withLettering(
    buildBankEntry(part(9, 4_000, '2026-02-10'), HEAD_OFFICE),
    settlementLettering(settledByBank, 'settlement'),
  );
  const file =
    FEC_HEADER + [validated(sale, 1), validated(first, 1), validated(second, 2)].map((e) => fecLines(e)).join('');
  const rows = file.split('\r\n').slice(1, -1);

  it('passes the A47 A-1 checker: balanced entries, continuous BQ sequence, one label per account', () => {
    expect(checkFec(file)).toEqual([]);
    expect(rows.filter((r) => column(r, 'JournalCode') === 'BQ').map((r) => column(r, 'EcritureNum'))).toEqual([
      'BQ2026-000001',
      'BQ2026-000001',
      'BQ2026-000002',
      'BQ2026-000002',
    ]);
  });

  it('letters the 411 lines of the sale and of both settlements alike; the lettered lines balance', () => {
    const lettered = rows.filter((r) => column(r, 'EcritureLet') !== '');
    expect(
      lettered.map((r) => [column(r, 'CompteNum'), column(r, 'CompAuxNum'), column(r, 'Debit'), column(r, 'Credit')]),
    ).toEqual([
      ['411000', '411069012', '100,00', '0,00'],
      ['411000', '411069012', '0,00', '60,00'],
      ['411000', '411069012', '0,00', '40,00'],
    ]);
    expect(new Set(lettered.map((r) => `${column(r, 'EcritureLet')} ${column(r, 'DateLet')}`))).toEqual(
      new Set(['L42 20260210']),
    );
    // The bank lines are not lettered (lettering is a third-party matter).
    expect(rows.filter((r) => column(r, 'CompteNum') === '512000').map((r) => column(r, 'EcritureLet'))).toEqual([
      '',
      '',
    ]);
    expect(rows.filter((r) => column(r, 'CompteNum') === '512000').map((r) => column(r, 'PieceDate'))).toEqual([
      '20260203',
      '20260210',
    ]);
  });

  it('an undo after validation is a reversal entry: sides swapped, unlettered, the file still passes A47 A-1', () => {
    // Dated in the open period (the ledger's entryDate rule), after the validated range.
    const reversal = validated({ ...reversalOf(validated(first, 1)), date: '2026-03-01' }, 3, '2026-03-02');
    const withReversal = file + fecLines(reversal);
    expect(checkFec(withReversal)).toEqual([]);
    expect(reversal.label).toBe('Extourne BQ2026-000001 - Règlement 2026-FFME-42');
    expect(reversal.lines.map((l) => [l.account, l.debitCents, l.creditCents, l.lettered])).toEqual([
      ['512000', 0, 6_000, false],
      ['411000', 6_000, 0, false],
    ]);
  });

  it('the SAGE files carry the settlement: 512000 general, 411000 with its auxiliary account', () => {
    const entry = validated(first, 1);
    const pnm = pnmLines(entry).split('\r\n');
    expect(pnm[0]).toMatch(/^BQ 030226OD512000 {7}G {13}2026-FFME-42 +Règlement 2026-FFME-42 +D +60\.00N +1/);
    expect(pnm[1]).toMatch(/^BQ 030226OD411000 {7}X411069012 {4}2026-FFME-42 +Règlement 2026-FFME-42 +C +60\.00N +1/);
    expect(sageCsvLines(entry).split('\r\n').slice(0, 2)).toEqual([
      'BQ;03/02/2026;512000;;2026-FFME-42;Règlement 2026-FFME-42;60,00;;;BQ2026-000001',
      'BQ;03/02/2026;411000;411069012;2026-FFME-42;Règlement 2026-FFME-42;;60,00;;BQ2026-000001',
    ]);
  });
});
