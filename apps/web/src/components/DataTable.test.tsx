import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataColumn, type DataTableProps } from './DataTable';

interface Fruit {
  id: number;
  name: string;
  price: string;
}

const fruits: Fruit[] = [
  { id: 1, name: 'Pomme', price: '1,00 €' },
  { id: 2, name: 'Poire', price: '2,50 €' },
];
const columns: DataColumn<Fruit>[] = [
  { id: 'name', header: 'Nom', cell: (row) => row.name },
  { id: 'price', header: 'Prix', cell: (row) => row.price, align: 'right' },
];

function renderFruits(props: Partial<DataTableProps<Fruit>> = {}) {
  return render(<DataTable label="Fruits" columns={columns} rows={fruits} rowKey={(row) => row.id} {...props} />);
}

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('DataTable', () => {
  it('renders an accessible table: its name, the headers and one row per item', () => {
    renderFruits();
    const table = screen.getByRole('table', { name: 'Fruits' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Nom', 'Prix']);
    const [, ...rows] = within(table).getAllByRole('row');
    expect(rows.map(cellTexts)).toEqual([
      ['Pomme', '1,00 €'],
      ['Poire', '2,50 €'],
    ]);
    expect(within(rows[0]!).getAllByRole('cell')[1]).toHaveClass('MuiTableCell-alignRight');
  });

  it('leaves out the columns given as false', () => {
    renderFruits({ columns: [columns[0], false] });
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Nom']);
  });

  it('shows the empty text across every column when there is no row', () => {
    renderFruits({ rows: [], empty: 'Aucun fruit' });
    const cell = screen.getByRole('cell', { name: 'Aucun fruit' });
    expect(cell).toHaveAttribute('colspan', '2');
  });

  it('shows a labelled spinner instead of the rows while loading', () => {
    renderFruits({ empty: 'Aucun fruit', loading: true, loadingLabel: 'Chargement des fruits' });
    expect(screen.getByRole('progressbar', { name: 'Chargement des fruits' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Pomme' })).not.toBeInTheDocument();
    expect(screen.queryByText('Aucun fruit')).not.toBeInTheDocument();
  });

  it('sorts through a sortable header', async () => {
    const user = userEvent.setup();
    const onSort = vi.fn();
    const sortable: DataColumn<Fruit>[] = [
      { ...columns[0]!, sort: { active: true, direction: 'desc', onSort } },
      columns[1]!,
    ];
    renderFruits({ columns: sortable });
    expect(screen.getByRole('columnheader', { name: /Nom/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: /Nom/ }));
    expect(onSort).toHaveBeenCalledOnce();
  });

  it('adds row props, detail rows and a footer', () => {
    renderFruits({
      rowProps: (row) => ({ selected: row.id === 2 }),
      rowDetail: (row, span) => (
        <tr>
          <td colSpan={span}>{`Détail ${row.name}`}</td>
        </tr>
      ),
      footer: (
        <tr>
          <td>Total</td>
        </tr>
      ),
    });
    const rows = screen.getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'NomPrix',
      'Pomme1,00 €',
      'Détail Pomme',
      'Poire2,50 €',
      'Détail Poire',
      'Total',
    ]);
    expect(rows[3]).toHaveClass('Mui-selected');
  });

  it('names each row by its first cell, without a header row when told so', () => {
    renderFruits({ noHeader: true, columns: [{ ...columns[0]!, rowHeader: true }, columns[1]!] });
    expect(screen.queryByRole('columnheader')).toBeNull();
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Pomme', 'Poire']);
  });

  it('keeps a hidden header for assistive technologies only', () => {
    renderFruits({ columns: [columns[0]!, { ...columns[1]!, headerHidden: true }] });
    const hidden = screen.getByRole('columnheader', { name: 'Prix' });
    // The text sits in the visually hidden span, not in the cell itself.
    expect(within(hidden).getByText('Prix').tagName).toBe('SPAN');
  });
});
