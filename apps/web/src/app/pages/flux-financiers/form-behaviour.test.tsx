import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { currentUrl, renderApp } from '@/test/render-app';
import { stubFluxApi } from './flux-api-stub';

const PATH = '/gestion-des-finances/flux-financiers';

// R-SEARCH-12, R-SEARCH-18: the form's behaviour around the results and the URL.
describe('flux search form behaviour (R-SEARCH-12)', () => {
  afterEach(() => onlineManager.setOnline(true));

  it("'Réinitialiser' clears the results and the search's URL too", async () => {
    stubFluxApi();
    const { user, router } = renderApp(`${PATH}?libelle=Licence&tri=id&ordre=asc&structureId=101`, { token: 'jwt' });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
    expect(screen.getByText('Renseignez les filtres puis lancez la recherche.')).toBeInTheDocument();
    expect(currentUrl(router)).toBe(`${PATH}?structureId=101`);
    expect(screen.getByRole('textbox', { name: 'Libellé' })).toHaveValue('');
  });

  it('a search that fails without network shows the French error in place of the old rows, with Réessayer', async () => {
    stubFluxApi({ offlineAfter: 1 });
    const { user } = renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    await screen.findByRole('table');
    onlineManager.setOnline(false);
    await user.clear(screen.getByRole('textbox', { name: 'Libellé' }));
    await user.type(screen.getByRole('textbox', { name: 'Libellé' }), 'Remboursement{Enter}');
    const alert = await screen.findByText('Oups, une erreur est survenue... La recherche n’a pas pu aboutir.');
    expect(screen.queryByRole('table')).toBeNull();
    expect(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Réessayer' }),
    ).toBeVisible();
  });

  it('filters arriving by URL are validated like typed ones and flagged; nothing is searched', async () => {
    const { searches } = stubFluxApi();
    renderApp(`${PATH}?libelle=Li&licence=12a&montantMin=50&montantMax=10`, { token: 'jwt' });
    expect(await screen.findByText(/Les filtres de ce lien ne sont pas valides/)).toBeInTheDocument();
    expect(await screen.findByText('Au moins 3 caractères')).toBeInTheDocument();
    expect(screen.getByText('Le numéro de licence ne contient que des chiffres')).toBeInTheDocument();
    expect(screen.getByText('Le montant maximum ne peut pas être inférieur au minimum')).toBeInTheDocument();
    expect(searches()).toHaveLength(0);
  });

  it('says which link values it ignored (an unknown status) instead of dropping them silently', async () => {
    stubFluxApi();
    renderApp(`${PATH}?libelle=Licence&statut=autre`, { token: 'jwt' });
    expect(
      await screen.findByText('Ces paramètres du lien ne sont pas valides et ont été ignorés : statut=autre.'),
    ).toBeInTheDocument();
  });

  it('an out-of-range page (page=999) goes to the last page', async () => {
    const { searches } = stubFluxApi({ rows: [], total: 65 });
    const { router } = renderApp(`${PATH}?libelle=Licence&page=999`, { token: 'jwt' });
    // 65 flux at 30 a page: the last page is the third.
    await waitFor(() => expect(currentUrl(router)).toBe(`${PATH}?libelle=Licence&page=3`));
    await waitFor(() => expect(searches().at(-1)?.variables.offset).toBe(60));
  });

  it('the licence field is not stepped by the arrow keys or the wheel, and still blocks - + e', async () => {
    stubFluxApi();
    const { user } = renderApp(PATH, { token: 'jwt' });
    await user.click(await screen.findByRole('button', { name: 'Plus de filtres' }));
    const licence = await screen.findByRole('spinbutton', { name: 'N° de licence' });
    for (const key of ['ArrowUp', 'ArrowDown', '-', '+', 'e']) expect(fireEvent.keyDown(licence, { key })).toBe(false);
    licence.focus();
    expect(fireEvent.wheel(licence, { deltaY: -100 })).toBe(false);
    expect(fireEvent.keyDown(licence, { key: '4' })).toBe(true);
  });

  it("the seasons field shows 'Toutes les saisons' rather than an empty look", async () => {
    stubFluxApi();
    renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    await screen.findByRole('table');
    expect(screen.getByRole('combobox', { name: 'Saison' })).toHaveTextContent('Toutes les saisons');
  });

  it('summarises the active filters as chips when the panel is folded', async () => {
    stubFluxApi();
    const { user } = renderApp(`${PATH}?saison=2026&libelle=Licence&statut=impaye&categorie=5&montantMin=10,5`, {
      token: 'jwt',
    });
    await screen.findByRole('table');
    expect(screen.queryByRole('list', { name: 'Filtres actifs' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Masquer les filtres' }));
    const chips = within(screen.getByRole('list', { name: 'Filtres actifs' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(chips).toEqual([
      'Saison : 2025-2026',
      'Libellé : Licence',
      'Statut : Impayé',
      'Catégorie : Prélèvement SEPA',
      'Montant à partir de : 10,5 €',
    ]);
  });
});
