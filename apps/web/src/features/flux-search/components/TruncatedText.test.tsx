import { act, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FluxRow } from '../api/flux-row';
import { useDelegatedTooltip } from './DelegatedTooltip';
import { FluxResultsTable } from './FluxResultsTable';
import { TruncatedText } from './TruncatedText';

/** A container with the table's one tooltip, as FluxResultsTable has. */
function TooltipArea({ children }: { children: ReactNode }) {
  const { handlers, tooltip } = useDelegatedTooltip();
  return (
    <div {...handlers}>
      {tooltip}
      {children}
    </div>
  );
}

/**
 * happy-dom lays nothing out: a cell is given 120 px and each character 8 px, so a text
 * longer than 15 characters is "cut" as a browser would cut it; and its ResizeObserver never
 * reports, where a browser's reports each element once laid out.
 */
class ReportingResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    this.callback([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

function layOutText() {
  vi.stubGlobal('ResizeObserver', ReportingResizeObserver);
  const proto = HTMLElement.prototype;
  const scrollWidth = vi.spyOn(proto, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return (this.textContent ?? '').length * 8;
  });
  const clientWidth = vi.spyOn(proto, 'clientWidth', 'get').mockReturnValue(120);
  return () => {
    scrollWidth.mockRestore();
    clientWidth.mockRestore();
  };
}

let restore: () => void;
beforeEach(() => {
  restore = layOutText();
});
afterEach(() => restore());

const LONG = 'Ligue Auvergne-Rhône-Alpes de montagne et d’escalade';

describe('TruncatedText: the full text of a cut cell on hover and keyboard focus', () => {
  it('shows the full text in a tooltip when the mouse rests on a cut text', async () => {
    const user = userEvent.setup();
    render(
      <TooltipArea>
        <TruncatedText text={LONG} />
      </TooltipArea>,
    );
    const text = screen.getByText(LONG);
    await user.hover(text);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LONG);
    await user.unhover(text);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('puts a cut text in the tab order and shows its tooltip on keyboard focus', async () => {
    const user = userEvent.setup();
    render(
      <TooltipArea>
        <button type="button">avant</button>
        <TruncatedText text={LONG} />
        <button type="button">après</button>
      </TooltipArea>,
    );
    const text = screen.getByText(LONG);
    expect(text).toHaveAttribute('tabindex', '0');
    await user.tab();
    await user.tab();
    expect(text).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LONG);
    await user.tab();
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('follows a new text in the same cell: a text that now fits leaves the tab order', () => {
    const { rerender } = render(<TruncatedText text={LONG} />);
    expect(screen.getByText(LONG)).toHaveAttribute('tabindex', '0');
    rerender(<TruncatedText text="Lyon" />);
    expect(screen.getByText('Lyon')).not.toHaveAttribute('tabindex');
    expect(screen.getByText('Lyon')).not.toHaveAttribute('data-tooltip-text');
  });

  it('closes the tooltip on Escape (WCAG 1.4.13)', async () => {
    const user = userEvent.setup();
    render(
      <TooltipArea>
        <TruncatedText text={LONG} />
      </TooltipArea>,
    );
    await user.hover(screen.getByText(LONG));
    expect(await screen.findByRole('tooltip')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('adds neither a tooltip nor a tab stop to a text that fits', async () => {
    // Fake timers that also follow the real clock (userEvent goes on), moved on by the test.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup();
      render(
        <TooltipArea>
          <TruncatedText text="ASPTT Lyon" />
        </TooltipArea>,
      );
      const text = screen.getByText('ASPTT Lyon');
      expect(text).not.toHaveAttribute('tabindex');
      await user.hover(text);
      // Longer than the tooltip's 300 ms delay, on the test's clock: still nothing.
      await act(() => vi.advanceTimersByTimeAsync(450));
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

const row = (overrides: Partial<FluxRow> = {}): FluxRow => ({
  id: 2997,
  NomFluxFinancier: 'Prélèvement SEPA licences novembre 2026',
  Z_DateCreation: '2026-11-21T14:24:00.000Z',
  MontantTTC: '1000000',
  EST_Debit: true,
  EST_Reglement: false,
  ID_FluxFinancierRelance: null,
  STR_Structure: { NomStructure: LONG },
  UTI_Utilisateur: null,
  ...overrides,
});

/** Focus on the last sortable header ('Crédit'): the next Tab enters the first row. */
function focusLastHeader(table: HTMLElement) {
  act(() => within(table).getByRole('button', { name: 'Crédit' }).focus());
}

function renderTable(rows: FluxRow[], virtual = false) {
  const actions = { open: vi.fn(), downloadJustificatif: vi.fn() };
  render(
    <FluxResultsTable
      rows={rows}
      sort={{ column: 'createdAt', direction: 'desc' }}
      onSortChange={() => {}}
      actions={actions}
      virtual={virtual}
    />,
  );
  return { actions, table: screen.getByRole('table') };
}

describe('results table: ellipsis, amounts and icon tooltips (R-SEARCH-19)', () => {
  it('cuts the long structure name and label, with their full text on focus; the amount stays whole', async () => {
    const user = userEvent.setup();
    const { table } = renderTable([row()]);
    const cells = within(table).getAllByRole('cell');
    const structure = within(cells[4] as HTMLElement).getByText(LONG);
    const label = within(cells[5] as HTMLElement).getByText('Prélèvement SEPA licences novembre 2026');
    // The row's tab order: the cut structure and label ('N.C' fits: no stop), then the two actions.
    focusLastHeader(table);
    await user.tab();
    expect(structure).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LONG);
    await user.tab();
    expect(label).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Voir le détail du flux 2997' })).toHaveFocus();
    // Money is never cut: right-aligned, in full, with no ellipsis wrapper or tab stop.
    const debit = cells[6] as HTMLElement;
    expect(debit.textContent?.replace(/\s/g, ' ')).toBe('1 000 000,00 €');
    expect(debit.querySelector('[tabindex]')).toBeNull();
    expect(debit).toHaveClass('MuiTableCell-alignRight');
  });

  it('names its icon actions in visible tooltips, on hover and on keyboard focus', async () => {
    const user = userEvent.setup();
    const { actions, table } = renderTable([
      row({ STR_Structure: { NomStructure: 'Lyon' }, NomFluxFinancier: 'Licence' }),
    ]);
    await user.hover(screen.getByRole('button', { name: 'Voir le détail du flux 2997' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Voir le détail');
    await user.unhover(screen.getByRole('button', { name: 'Voir le détail du flux 2997' }));
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());

    focusLastHeader(table);
    await user.tab();
    await user.tab();
    const justificatif = screen.getByRole('button', { name: 'Télécharger le justificatif du flux 2997' });
    expect(justificatif).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Télécharger le justificatif');
    await user.keyboard('{Enter}');
    expect(actions.downloadJustificatif).toHaveBeenCalledWith(expect.objectContaining({ id: 2997 }));
  });

  it('keeps the header sticky and the ten columns in order (R-SEARCH-08)', () => {
    const { table } = renderTable([row()]);
    expect(table).toHaveClass('MuiTable-stickyHeader');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'N° de flux',
      'N° Licence',
      'Licencié',
      'Date création',
      'Structure',
      'Libellé',
      'Débit',
      'Crédit',
      'Action',
      'Justificatif',
    ]);
  });
});
