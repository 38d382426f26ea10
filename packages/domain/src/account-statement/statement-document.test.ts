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
  relaunchedBy: null,
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
      '31/08/2026 |  | Solde final |  |  | 854,56 €',
    ]);
  });

  it('lists overdue flux with their due day (default term), days late and status', () => {
    expect(overdueRows(statement).map((row) => row.slice(0, 5))).toEqual([
      ['1', 'Flux 1', '01/07/2025', '198', 'Impayé'],
      ['2', 'Flux 2', '10/10/2025', '97', 'Impayé'],
    ]);
  });

  it('gives the xlsx amounts as numbers in euros, with the structure and period above', () => {
    const { table, header, amountColumns } = accountStatementTable(statement, 'Club de test');
    expect(header).toEqual(['Relevé de compte — Club de test', 'Période du 01/09/2025 au 31/08/2026']);
    expect(table.rows.at(-1)).toEqual(['31/08/2026', null, 'Solde final', null, null, 854.56]);
    expect(amountColumns).toEqual(['Débit', 'Crédit', 'Solde']);
    expect(accountStatementFileName(7, '2025-09-01', '2026-08-31', 'xlsx')).toBe(
      'releve-de-compte-7-2025-09-01-2026-08-31.xlsx',
    );
  });
});
