import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FluxRow } from '../api/flux-row';
import { FluxResultsCards } from './FluxResultsCards';

const row = (overrides: Partial<FluxRow> = {}): FluxRow => ({
  id: 501,
  NomFluxFinancier: 'Licence adulte Dupont',
  Z_DateCreation: '2026-03-01T09:30:00.000Z',
  MontantTTC: '60.00',
  EST_Debit: true,
  EST_Reglement: false,
  ID_FluxFinancierRelance: null,
  STR_Structure: { NomStructure: 'Club Alpin de Lyon' },
  UTI_Utilisateur: { CT_Nom: 'Dupont', CT_Prenom: 'Anne', LicenceNumero: 123456 },
  ...overrides,
});

/** A card's fields as label -> value, as a screen reader pairs the dt and dd. */
function fields(card: HTMLElement): Record<string, string> {
  const terms = card.querySelectorAll('dt');
  return Object.fromEntries(
    [...terms].map((term) => [term.textContent, (term.nextElementSibling?.textContent ?? '').replace(/\s/g, ' ')]),
  );
}

function renderCards(rows: FluxRow[], virtual = false) {
  const actions = { open: vi.fn(), downloadJustificatif: vi.fn() };
  render(<FluxResultsCards rows={rows} actions={actions} virtual={virtual} />);
  return { actions, list: screen.getByRole('list', { name: 'Résultats de la recherche de flux' }) };
}

afterEach(() => vi.restoreAllMocks());

describe('results as cards on a phone (R-SEARCH-19)', () => {
  it("gives each flux a card with the table's data under the column labels", () => {
    const { list } = renderCards([
      row(),
      row({ id: 502, NomFluxFinancier: 'Remboursement licence', MontantTTC: '1234.5', EST_Debit: false }),
      row({ id: 503, NomFluxFinancier: 'Licence jeune', UTI_Utilisateur: null, STR_Structure: null }),
    ]);
    const [debit, credit, noUser] = within(list).getAllByRole('listitem');
    if (!debit || !credit || !noUser) throw new Error('three cards expected');
    expect(debit).toHaveTextContent('Licence adulte Dupont');
    expect(fields(debit)).toEqual({
      'N° de flux': '501',
      'Date création': '01/03/2026 10:30',
      Structure: 'Club Alpin de Lyon',
      Licencié: 'DUPONT Anne',
      'N° Licence': '123456',
      Débit: '60,00 €',
    });
    expect(fields(credit)).toMatchObject({ 'N° de flux': '502', Crédit: '1 234,50 €' });
    expect(fields(credit)).not.toHaveProperty('Débit');
    expect(fields(noUser)).toMatchObject({ Licencié: 'N.C', 'N° Licence': 'N.C', Structure: '' });
  });

  it('offers the same two actions per card, on the right flux', async () => {
    const user = userEvent.setup();
    const { actions, list } = renderCards([row(), row({ id: 502 })]);
    const second = within(list).getAllByRole('listitem')[1] as HTMLElement;
    await user.click(within(second).getByRole('button', { name: 'Voir le détail du flux 502' }));
    expect(actions.open).toHaveBeenCalledWith(expect.objectContaining({ id: 502 }));
    // Visible text inside the accessible name (WCAG 2.5.3), reachable by keyboard.
    const justificatif = within(second).getByRole('button', { name: 'Télécharger le justificatif du flux 502' });
    expect(justificatif).toHaveTextContent('Justificatif');
    justificatif.focus();
    await user.keyboard('{Enter}');
    expect(actions.downloadJustificatif).toHaveBeenCalledWith(expect.objectContaining({ id: 502 }));
  });

  it("marks a rejected direct debit with the table's 'Rejeté' badge", () => {
    const { list } = renderCards([
      row({ MKP_RetourPrelevement: { CodeRaison: 'AM04', DateRetour: '2026-03-10', TypeRetour: 'rejet' } }),
    ]);
    expect(within(list).getByText('Rejeté')).toBeInTheDocument();
  });

  it("draws only the cards in view for 'Tous', and says how many there are", () => {
    // happy-dom lays nothing out: the list's window shows 700 px, a card is 190 px high.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(700);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(190);
    const rows = Array.from({ length: 50_000 }, (_, index) => row({ id: index + 1 }));
    const { list } = renderCards(rows, true);
    const cards = within(list).getAllByRole('listitem');
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThan(30);
    expect(cards[0]).toHaveAttribute('aria-setsize', '50000');
    expect(cards[0]).toHaveAttribute('aria-posinset', '1');
  });
});
