import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { headOfficeMembership } from '@/test/access-fixtures';
import { renderApp } from '@/test/render-app';
import { stubFluxApi } from './flux-api-stub';

const PATH = '/gestion-des-finances/flux-financiers';

async function openPage(path = PATH, options: Parameters<typeof stubFluxApi>[0] = {}) {
  const api = stubFluxApi(options);
  const app = renderApp(path, { token: 'jwt' });
  await screen.findByRole('form', { name: 'Filtres' });
  return { ...api, ...app };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const FLUX_NUMBER = 'N° de flux ou de facture';

/** A club opens on its season's results (R-UI-15): the searches the test makes come after it. */
async function openClubPage(path = PATH) {
  const page = await openPage(path);
  await screen.findByRole('table');
  return { ...page, arrival: page.searches().length };
}

describe('flux search form (R-SEARCH-01 to R-SEARCH-07)', () => {
  it('toggles the panel: "Masquer les filtres" when open, "Afficher les filtres" when closed', async () => {
    const { user } = await openPage();
    expect(screen.getByRole('heading', { name: 'Rechercher les flux financiers', level: 1 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Masquer les filtres' }));
    expect(screen.getByRole('button', { name: 'Afficher les filtres' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('defaults the season to the current one and shows the hint, with no required marker', async () => {
    await openPage();
    expect(screen.getByRole('combobox', { name: 'Saison' })).toHaveTextContent('2026-2027');
    expect(screen.getByText('(* Champs obligatoires)')).toBeInTheDocument();
    expect(field('Libellé')).not.toBeRequired();
  });

  it('"Text filters require at least 3 characters", and Enter runs the search', async () => {
    const { user, searches, arrival } = await openClubPage();
    await user.type(field('Libellé'), 'Li{Enter}');
    expect(await screen.findByText(/Merci de corriger les champs/)).toBeInTheDocument();
    expect(screen.getByText('Au moins 3 caractères')).toBeInTheDocument();
    expect(searches()).toHaveLength(arrival);
    await user.type(field('Libellé'), 'c{Enter}');
    await waitFor(() =>
      expect(searches().at(-1)?.variables.where).toEqual({
        _and: [{ ID_Saison: { _eq: 2027 } }, { ID_Structure: { _eq: 101 } }, { NomFluxFinancier: { _ilike: '%Lic%' } }],
      }),
    );
    // The form is not rebuilt by the search: the user keeps typing where they were.
    expect(field('Libellé')).toHaveFocus();
    expect(field('Libellé')).toHaveValue('Lic');
  });

  it('"Search is blocked when every filter is empty"', async () => {
    const { user, searches, arrival } = await openClubPage();
    await user.click(screen.getByRole('combobox', { name: 'Saison' }));
    await user.click(screen.getByRole('option', { name: 'Toutes les saisons' }));
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(await screen.findByText(/Renseignez au moins un filtre/)).toBeInTheDocument();
    expect(searches()).toHaveLength(arrival);
  });

  it('"The number input blocks the keys -, + and e"', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Plus de filtres' }));
    const licence = screen.getByRole('spinbutton', { name: 'N° de licence' });
    for (const key of ['-', '+', 'e', 'E']) expect(fireEvent.keyDown(licence, { key })).toBe(false);
    expect(fireEvent.keyDown(licence, { key: '7' })).toBe(true);
  });

  it('R-SEARCH-23: the printed invoice number typed in N° de flux finds its flux, checked on its season', async () => {
    const { user, searches } = await openClubPage();
    await user.type(field(FLUX_NUMBER), '2027-FFME-49758{Enter}');
    // Every typed character kept: the number is read, not stripped to 202749758.
    expect(field(FLUX_NUMBER)).toHaveValue('2027-FFME-49758');
    await waitFor(() =>
      expect(searches().at(-1)?.variables.where).toEqual({
        _and: [{ ID_Saison: { _eq: 2027 } }, { ID_Structure: { _eq: 101 } }, { id: { _eq: 49758 } }],
      }),
    );
  });

  it('R-SEARCH-23: an invoice number of another season searches that season and says so beside the field', async () => {
    const { user, searches } = await openClubPage();
    await user.type(field(FLUX_NUMBER), '2026-ffme-49758');
    const hint =
      'N° de facture de la saison 2025-2026 : la recherche porte sur cette saison, le filtre Saison est ignoré.';
    expect(screen.getByText(hint)).toBeInTheDocument();
    expect(field(FLUX_NUMBER)).toHaveAccessibleDescription(hint);
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() =>
      expect(searches().at(-1)?.variables.where).toEqual({
        _and: [{ ID_Saison: { _eq: 2026 } }, { ID_Structure: { _eq: 101 } }, { id: { _eq: 49758 } }],
      }),
    );
    // The folded panel's chips name the season the search used.
    await user.click(screen.getByRole('button', { name: 'Masquer les filtres' }));
    expect(screen.getByRole('list', { name: 'Filtres actifs' })).toHaveTextContent(
      'Saison : 2025-2026 (saison du n° de facture)',
    );
  });

  it('R-SEARCH-23: a link with the printed number (numero=) opens the search on its flux and season', async () => {
    const { searches } = await openPage(`${PATH}?saison=2027&numero=2026-FFME-49758`);
    await screen.findAllByRole('row');
    expect(searches()[0]?.variables.where).toEqual({
      _and: [{ ID_Saison: { _eq: 2026 } }, { ID_Structure: { _eq: 101 } }, { id: { _eq: 49758 } }],
    });
    expect(field(FLUX_NUMBER)).toHaveValue('2026-FFME-49758');
  });

  it('R-SEARCH-23: an unreadable flux number is named in French beside the field, and nothing is searched', async () => {
    const { user, searches, arrival } = await openClubPage();
    await user.type(field(FLUX_NUMBER), 'abc{Enter}');
    const message = 'Saisissez un n° de flux (ex. 49758) ou un n° de facture (ex. 2027-FFME-49758)';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field(FLUX_NUMBER)).toHaveAccessibleDescription(message);
    expect(field(FLUX_NUMBER)).toHaveValue('abc');
    expect(searches()).toHaveLength(arrival);
  });

  it('refuses future dates ("do not allow future dates")', async () => {
    const { user, searches } = await openPage(`${PATH}?libelle=Licence&debut=2099-01-02&fin=2099-01-01`);
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(await screen.findAllByText('La date ne peut pas être dans le futur')).toHaveLength(2);
    expect(searches()).toHaveLength(0);
  });

  it('refuses an end date before the start date', async () => {
    const { user } = await openPage(`${PATH}?libelle=Licence&debut=2024-03-02&fin=2024-03-01`);
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(await screen.findByText('La date de fin ne peut pas précéder la date de début')).toBeInTheDocument();
  });

  it('locks a club to its own structure', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Plus de filtres' }));
    expect(field('Structure')).toBeDisabled();
    expect(field('Structure')).toHaveValue('Club Alpin de Lyon');
  });

  it('lets a type-7 structure pick a structure, and reset clears it', async () => {
    const { user, searches } = await openPage(PATH, { membership: headOfficeMembership });
    const picker = screen.getByRole('combobox', { name: 'Structure' });
    await user.type(picker, 'Gr');
    // Below 3 characters nothing is searched, and the list says why.
    expect(await screen.findByText('Saisissez au moins 3 caractères du nom ou du code fédéral')).toBeInTheDocument();
    await user.type(picker, 'e');
    await user.click(await screen.findByRole('option', { name: 'Club de Grenoble (038001)' }));
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await screen.findAllByRole('row');
    expect(searches()[0]?.variables.where).toEqual({
      _and: [{ ID_Saison: { _eq: 2027 } }, { ID_Structure: { _eq: 42 } }],
    });
    expect(searches()[0]?.url).toContain('structureId=1318');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(
      within(screen.getByRole('form', { name: 'Filtres' })).getByRole('combobox', { name: 'Structure' }),
    ).toHaveValue('');
  });
});
