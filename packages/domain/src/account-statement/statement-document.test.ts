import { describe, expect, it } from 'vitest';
import { buildAccountStatement, type AccountFlux } from './account-statement';
import {
  accountStatementFileName,
  accountStatementRows,
  accountStatementTable,
  overdueRows,
} from './statement-document';

const flux = (id: number, at: string, isDebit: boolean, amountTTC: number): AccountFlux => ({
  id,
  createdAt: new Date(at),
  label: `Flux ${id}`,
  isDebit,
  amountTTC,
  dueDate: null,
  settled: false,
  settledOn: null,
  relaunchedBy: null,
  relaunchedAt: null,
  settledParts: [],
  creditFor: null,
  bankReturn: null,
});

const statement = buildAccountStatement(
  [
    flux(1, '2025-06-01T10:00:00Z', true, 12_000),
    flux(2, '2025-09-10T10:00:00Z', true, 123_456),
    flux(3, '2025-10-01T10:00:00Z', false, 50_000),
  ],
  { from: '2025-09-01', to: '2026-08-31' },
  '2026-01-15',
);

describe('relevé de compte document', () => {
  it('reads opening, each flux with its running balance, the movements total and closing, French amounts', () => {
    const rows = accountStatementRows(statement).map((row) => row.join(' | ').replace(/[\u00a0\u202f]/g, ' '));
    expect(rows).toEqual([
      '01/09/2025 |  | Solde initial |  |  | 120,00 €',
      '10/09/2025 | 2 | Flux 2 | 1 234,56 € |  | 1 354,56 €',
      '01/10/2025 | 3 | Flux 3 |  | 500,00 € | 854,56 €',
      ' |  | Total des mouvements | 1 234,56 € | 500,00 € | ',
      '31/08/2026 |  | Solde du relevé |  |  | 854,56 €',
    ]);
  });

  it('words a settlement, a payout and a relaunch as such, on their own day, in the PDF rows and the xlsx', () => {
    const closed = buildAccountStatement(
      [
        { ...flux(4, '2025-09-05T10:00:00Z', true, 10_000), settled: true, settledOn: '2025-09-20' },
        { ...flux(5, '2025-09-06T10:00:00Z', false, 2_500), settled: true, settledOn: '2025-09-21' },
        {
          ...flux(6, '2025-09-07T10:00:00Z', true, 4_000),
          relaunchedBy: 7,
          relaunchedAt: new Date('2025-09-22T10:00:00Z'),
        },
        flux(7, '2025-09-22T10:00:00Z', true, 4_000),
      ],
      { from: '2025-09-01', to: '2025-09-30' },
      '2025-10-01',
    );
    const labels = accountStatementRows(closed).map((row) => `${row[0]} ${row[2]}`);
    expect(labels.slice(1, -2)).toEqual([
      '05/09/2025 Flux 4',
      '06/09/2025 Flux 5',
      '07/09/2025 Flux 6',
      '20/09/2025 Règlement : Flux 4',
      '21/09/2025 Versement : Flux 5',
      '22/09/2025 Flux 7',
      '22/09/2025 Prélèvement relancé (flux N° 7) : Flux 6',
    ]);
    expect(
      accountStatementTable(closed, 'Club')
        .table.rows.map((row) => row[2])
        .slice(1, -2),
    ).toEqual(labels.slice(1, -2).map((label) => label.slice(11)));
    expect(closed.closingBalance).toBe(4_000);
  });

  it('a 0 € settled debit stays a débit, its settlement a crédit worded Règlement, never −0', () => {
    const zero = buildAccountStatement(
      [{ ...flux(8, '2025-09-05T10:00:00Z', true, 0), settled: true, settledOn: '2025-09-06' }],
      { from: '2025-09-01', to: '2025-09-30' },
      '2025-10-01',
    );
    expect(zero.lines.map(({ kind, debit, credit }) => [kind, debit, credit])).toEqual([
      ['flux', 0, null],
      ['reglement', null, 0],
    ]);
    expect(Object.is(zero.lines[1]!.credit, 0)).toBe(true);
    expect(accountStatementRows(zero)[2]![2]).toBe('Règlement : Flux 8');
  });

  it('lists overdue flux with their due day (default term), days late and status', () => {
    expect(overdueRows(statement).map((row) => row.slice(0, 5))).toEqual([
      ['1', 'Flux 1', '01/07/2025', '198', 'Impayé'],
      ['2', 'Flux 2', '10/10/2025', '97', 'Impayé'],
    ]);
  });

  it('R-STMT-03, R-EXP-01: gives the xlsx amounts as numbers in euros and days as dates, with the structure and period above', () => {
    const { table, header, amountColumns, dayColumns } = accountStatementTable(statement, 'Club de test');
    expect(header).toEqual(['Relevé de compte — Club de test', 'Période du 01/09/2025 au 31/08/2026']);
    // 31 August 2026 at 00:00 in Paris (summer time): a date, never the text '31/08/2026'.
    expect(table.rows.at(-1)).toEqual([new Date('2026-08-30T22:00:00Z'), null, 'Solde du relevé', null, null, 854.56]);
    expect(table.rows.every((row) => row[0] === null || row[0] instanceof Date)).toBe(true);
    expect(amountColumns).toEqual(['Débit', 'Crédit', 'Solde']);
    expect(dayColumns).toEqual(['Date']);
    expect(accountStatementFileName(7, '2025-09-01', '2026-08-31', 'xlsx')).toBe(
      'releve-de-compte-7-2025-09-01-2026-08-31.xlsx',
    );
  });
});
