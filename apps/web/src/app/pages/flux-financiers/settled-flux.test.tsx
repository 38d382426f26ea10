import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { directDebitDetail, fluxRow, stubFluxApi } from './flux-api-stub';

const PATH = '/gestion-des-finances/flux-financiers';

// R-SEARCH-16: a flux settled by a bank statement (or marked paid) shows the day it was settled.
describe("settled flux in the search: 'Réglé le …' and the settlement range", () => {
  it("shows 'Réglé le JJ/MM/AAAA' when DateReglement is set, 'Payé' otherwise, and selects DateReglement", async () => {
    const { searches } = stubFluxApi({
      rows: [
        fluxRow({ EST_Reglement: true, DateReglement: '2026-03-10' }),
        fluxRow({ id: 502, EST_Reglement: true, DateReglement: null }),
        fluxRow({ id: 503, DateReglement: null }),
      ],
    });
    renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(10);
    const [settled, paid, unpaid] = within(table).getAllByRole('row').slice(1);
    expect(within(settled as HTMLElement).getByLabelText('Statut du flux : réglé le 10/03/2026')).toHaveTextContent(
      'Réglé le 10/03/2026',
    );
    expect(within(paid as HTMLElement).getByLabelText('Statut du flux : Payé')).toHaveTextContent('Payé');
    expect(within(unpaid as HTMLElement).getByLabelText('Statut du flux : Impayé')).toBeInTheDocument();
    expect(searches()[0]?.query).toMatch(/EST_Reglement DateReglement/);
  });

  it('filters on the settlement days from the URL (inclusive range on DateReglement) and says it in a chip', async () => {
    const { searches } = stubFluxApi();
    const { user } = renderApp(`${PATH}?regleDu=2026-03-01&regleAu=2026-03-31`, { token: 'jwt' });
    await screen.findByRole('table');
    expect(searches()[0]?.variables.where).toEqual({
      _and: [expect.anything(), { DateReglement: { _gte: '2026-03-01', _lte: '2026-03-31' } }],
    });
    // R-UI-16: the settlement days are among the filters 'Plus de filtres' opens.
    await user.click(screen.getByRole('button', { name: 'Plus de filtres' }));
    expect(screen.getByRole('group', { name: 'Réglé à partir du' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Masquer les filtres' }));
    const chips = within(screen.getByRole('list', { name: 'Filtres actifs' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(chips).toContain('Réglé : entre le 01/03/2026 et le 31/03/2026');
  });

  it('refuses a settlement range ending before it starts, as the creation range', async () => {
    const { searches } = stubFluxApi();
    renderApp(`${PATH}?regleDu=2026-03-02&regleAu=2026-03-01`, { token: 'jwt' });
    expect(await screen.findByText('La date de fin ne peut pas précéder la date de début')).toBeInTheDocument();
    await waitFor(() => expect(searches()).toHaveLength(0));
  });

  it('the detail of a settled flux says the day it was settled, not for an unpaid one', async () => {
    stubFluxApi({ detail: directDebitDetail({ EST_Reglement: true, DateReglement: '2026-03-10' }) });
    const { user } = renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Voir le détail du flux 501' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Réglé le 10/03/2026')).toBeInTheDocument();
  });

  it('no settlement day in the detail of an unpaid flux', async () => {
    stubFluxApi({ detail: directDebitDetail({ EST_Reglement: false, DateReglement: null }) });
    const { user } = renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Voir le détail du flux 501' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Licence adulte');
    expect(within(dialog).queryByText(/Réglé le/)).toBeNull();
  });
});
