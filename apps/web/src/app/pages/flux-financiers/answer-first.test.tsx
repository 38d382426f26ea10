import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headOfficeMembership } from '@/test/access-fixtures';
import { currentUrl, renderApp } from '@/test/render-app';
import { DESKTOP, PHONE, setViewport } from '@/test/viewport';
import { stubFluxApi } from './flux-api-stub';

const PATH = '/gestion-des-finances/flux-financiers';
const SEASON_AND_CLUB = { _and: [{ ID_Saison: { _eq: 2027 } }, { ID_Structure: { _eq: 101 } }] };

afterEach(() => {
  setViewport(DESKTOP.width, DESKTOP.height);
  vi.restoreAllMocks();
});

// R-UI-15: the answer comes first.
describe('the flux search shows its answer first (R-UI-15)', () => {
  it("a club opens on its season's flux without pressing 'Rechercher', the actions already there", async () => {
    const { searches } = stubFluxApi();
    const { router } = renderApp(PATH, { token: 'jwt' });
    const table = await screen.findByRole('table', { name: 'Résultats de la recherche de flux' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(searches()).toHaveLength(1);
    expect(searches()[0]?.variables.where).toEqual(SEASON_AND_CLUB);
    // In place of the address without a search: Back leaves the page, it does not empty it.
    expect(currentUrl(router)).toBe(`${PATH}?saison=2027`);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('button', { name: /^Relevé de compte/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Télécharger les documents' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Exporter (CSV)' })).toBeEnabled();
  });

  it("after 'Réinitialiser' the club's page stays empty, as asked", async () => {
    const { searches } = stubFluxApi();
    const { user, router } = renderApp(PATH, { token: 'jwt' });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(await screen.findByText('Renseignez les filtres puis lancez la recherche.')).toBeInTheDocument();
    expect(currentUrl(router)).toBe(PATH);
    expect(searches()).toHaveLength(1);
  });

  it('a structure that picks searches nothing on arrival, yet offers the pack and the exports on the filters shown', async () => {
    const { searches } = stubFluxApi({ membership: headOfficeMembership });
    renderApp(PATH, { token: 'jwt' });
    await screen.findByRole('form', { name: 'Filtres' });
    expect(screen.getByText('Renseignez les filtres puis lancez la recherche.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Télécharger les documents' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Exporter (CSV)' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Exporter (Excel)' })).toBeEnabled();
    // The statement is one structure's: none is picked yet.
    expect(screen.queryByRole('button', { name: /^Relevé de compte/ })).toBeNull();
    expect(searches()).toHaveLength(0);
  });

  it("an empty season says how many flux the other seasons hold, and 'Chercher dans toutes les saisons' runs it", async () => {
    const allSeasons = { _and: [{ ID_Structure: { _eq: 101 } }] };
    const { searches } = stubFluxApi({
      rows: [],
      countOf: (where) => (JSON.stringify(where) === JSON.stringify(allSeasons) ? 12 : 0),
    });
    const { user, router } = renderApp(PATH, { token: 'jwt' });
    const hint = (await screen.findByText('12 flux correspondent dans les autres saisons.')).closest('[role="alert"]');
    expect(hint).toHaveTextContent('Aucun flux ne correspond à la recherche.');
    await user.click(within(hint as HTMLElement).getByRole('button', { name: 'Chercher dans toutes les saisons' }));
    await waitFor(() => expect(searches().at(-1)?.variables.where).toEqual(allSeasons));
    // The club names itself: a search needs one filter (R-SEARCH-03).
    expect(currentUrl(router)).toBe(`${PATH}?structure=101`);
  });

  it('one flux in the other seasons is said in the singular (R-UI-19)', async () => {
    stubFluxApi({ rows: [], countOf: (where) => (JSON.stringify(where).includes('ID_Saison') ? 0 : 1) });
    renderApp(`${PATH}?saison=2027&libelle=Licence`, { token: 'jwt' });
    expect(await screen.findByText('1 flux correspond dans les autres saisons.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chercher dans toutes les saisons' })).toBeInTheDocument();
  });

  it('none in the other seasons either: said, and no button', async () => {
    stubFluxApi({ rows: [], countOf: () => 0 });
    renderApp(`${PATH}?saison=2027&libelle=Licence`, { token: 'jwt' });
    expect(await screen.findByText('Les autres saisons n’en comptent aucun non plus.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Chercher dans toutes les saisons' })).toBeNull();
  });

  it('a search on all seasons already, or on a printed invoice number, has no such hint', async () => {
    const { counts } = stubFluxApi({ rows: [], countOf: () => 5 });
    renderApp(`${PATH}?saison=2027&numero=2026-FFME-49758`, { token: 'jwt' });
    expect(await screen.findByText('Aucun flux ne correspond à la recherche.')).toBeInTheDocument();
    expect(screen.queryByText(/autres saisons/)).toBeNull();
    expect(counts()).toHaveLength(0);
  });
});

// R-UI-16: the filters get out of the way.
describe('the flux filters get out of the way (R-UI-16)', () => {
  it("shows a compact line, the rest behind 'Plus de filtres', and chips of what is folded", async () => {
    stubFluxApi();
    const { user } = renderApp(`${PATH}?libelle=Licence&statut=impaye&montantMin=10`, { token: 'jwt' });
    await screen.findByRole('table');
    const form = screen.getByRole('form', { name: 'Filtres' });
    const visible = within(form)
      .getAllByRole('textbox')
      .map((input) => input.getAttribute('id') && document.querySelector(`label[for="${input.id}"]`)?.textContent);
    expect(visible).toEqual(['N° de flux ou de facture', 'Nom du licencié', 'Libellé']);
    expect(within(form).getByRole('combobox', { name: 'Saison' })).toBeVisible();
    expect(within(form).queryByRole('combobox', { name: 'Statut' })).toBeNull();
    const folded = within(screen.getByRole('list', { name: 'Filtres repliés' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(folded).toEqual(['Statut : Impayé', 'Montant à partir de : 10 €']);
    await user.click(screen.getByRole('button', { name: 'Plus de filtres' }));
    expect(within(form).getByRole('combobox', { name: 'Statut' })).toHaveTextContent('Impayé');
    expect(screen.getByRole('button', { name: 'Moins de filtres' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('list', { name: 'Filtres repliés' })).toBeNull();
  });

  it('a folded filter with an error opens its part, so the message shows', async () => {
    stubFluxApi();
    renderApp(`${PATH}?libelle=Licence&licence=12a`, { token: 'jwt' });
    expect(await screen.findByText('Le numéro de licence ne contient que des chiffres')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Moins de filtres' })).toBeInTheDocument();
  });

  it('Enter in a select searches (and does not open its list)', async () => {
    const { searches } = stubFluxApi();
    const { user, router } = renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    await screen.findByRole('table');
    const before = searches().length;
    await user.click(screen.getByRole('combobox', { name: 'Saison' }));
    await user.click(screen.getByRole('option', { name: '2025-2026' }));
    screen.getByRole('combobox', { name: 'Saison' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentUrl(router)).toContain('saison=2026'));
    await waitFor(() => expect(searches().length).toBeGreaterThan(before));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it("'Impayés seulement' searches the unpaid flux at once, and again all of them when released", async () => {
    const { searches } = stubFluxApi();
    const { user, router } = renderApp(PATH, { token: 'jwt' });
    await screen.findByRole('table');
    const unpaid = screen.getByRole('button', { name: 'Impayés seulement' });
    expect(unpaid).toHaveAttribute('aria-pressed', 'false');
    await user.click(unpaid);
    await waitFor(() => expect(currentUrl(router)).toBe(`${PATH}?saison=2027&statut=impaye`));
    await waitFor(() => expect(JSON.stringify(searches().at(-1)?.variables.where)).toContain('EST_Reglement'));
    expect(screen.getByRole('button', { name: 'Impayés seulement' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Impayés seulement' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`${PATH}?saison=2027`));
  });

  it('on a phone the panel folds after a search and the page scrolls to the first result', async () => {
    setViewport(PHONE.width, PHONE.height);
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    stubFluxApi();
    const { user } = renderApp(PATH, { token: 'jwt' });
    await screen.findByRole('list', { name: 'Résultats de la recherche de flux' });
    expect(screen.getByRole('button', { name: 'Masquer les filtres' })).toBeInTheDocument();
    expect(scrolled).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Libellé' }), 'Licence{Enter}');
    expect(await screen.findByRole('button', { name: 'Afficher les filtres' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Filtres actifs' })).toHaveTextContent('Libellé : Licence'),
    );
    await waitFor(() => expect(scrolled).toHaveLength(1));
    const results = screen.getByRole('list', { name: 'Résultats de la recherche de flux' });
    expect(scrolled[0]?.contains(results)).toBe(true);
  });

  it('on a wider screen the panel stays open after a search and the page does not move', async () => {
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    const { searches } = stubFluxApi();
    const { user } = renderApp(PATH, { token: 'jwt' });
    await screen.findByRole('table');
    await user.type(screen.getByRole('textbox', { name: 'Libellé' }), 'Licence{Enter}');
    await waitFor(() => expect(searches()).toHaveLength(2));
    await screen.findByRole('table');
    expect(screen.getByRole('button', { name: 'Masquer les filtres' })).toBeInTheDocument();
    expect(scroll).not.toHaveBeenCalled();
  });
});
