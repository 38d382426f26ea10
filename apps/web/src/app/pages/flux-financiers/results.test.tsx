import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FLUX_RELAUNCH } from '@gdf/domain';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp } from '@/test/render-app';
import { directDebitDetail, stubFluxApi } from './flux-api-stub';

const PATH = '/gestion-des-finances/flux-financiers';

async function openResults(path = `${PATH}?libelle=Licence`, options: Parameters<typeof stubFluxApi>[0] = {}) {
  const api = stubFluxApi(options);
  const app = renderApp(path, { token: 'jwt' });
  const table = await screen.findByRole('table');
  return { ...api, ...app, table };
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
/** fr-FR puts narrow no-break spaces in amounts; compare with plain spaces. */
const text = (cell: HTMLElement) => (cell.textContent ?? '').replace(/\s/g, ' ');

describe('flux results (R-SEARCH-08, "Results table columns")', () => {
  it('shows Débit / Crédit by EST_Debit, N.C without a user, French amounts and dates', async () => {
    const { table } = await openResults();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
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
    const [debit, credit, noUser] = bodyRows(table).map((row) => within(row).getAllByRole('cell').map(text));
    expect(debit?.slice(0, 8)).toEqual([
      '501',
      '123456',
      'DUPONT Anne',
      '01/03/2026 10:30',
      'Club Alpin de Lyon',
      'Licence adulte DupontImpayé', // the payment status badge (R-FLUX-08)
      '60,00 €',
      '-',
    ]);
    expect(credit?.slice(6, 8)).toEqual(['-', '1 234,50 €']);
    expect(noUser?.slice(1, 3)).toEqual(['N.C', 'N.C']);
    // The count follows the table (R-SEARCH-13).
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('3 flux'));
  });

  it('says "plus de 10 000" past the capped count, and the empty state in French', async () => {
    await openResults(undefined, { total: 10_001 });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('plus de 10 000 flux'));
  });

  it('shows the empty state', async () => {
    stubFluxApi({ rows: [] });
    renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
    expect(await screen.findByText('Aucun flux ne correspond à la recherche.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exporter (CSV)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Exporter (Excel)' })).toBeDisabled();
  });
});

it('shows the error state in French', async () => {
  stubFluxApi({ searchFails: true });
  renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
  expect(await screen.findByText(/La recherche n’a pas pu aboutir/)).toBeInTheDocument();
});

it('recovers from an error with "Réessayer"', async () => {
  const { searches } = stubFluxApi({ searchFails: 'once' });
  const { user } = renderApp(`${PATH}?libelle=Licence`, { token: 'jwt' });
  expect(await screen.findByText(/La recherche n’a pas pu aboutir/)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Réessayer' }));
  expect(await screen.findByRole('table')).toBeInTheDocument();
  expect(searches()).toHaveLength(2);
});

it('asks the server again when the same search is run again (a refresh)', async () => {
  const { searches, user } = await openResults();
  expect(searches()).toHaveLength(1);
  await user.click(screen.getByRole('button', { name: 'Rechercher' }));
  await waitFor(() => expect(searches()).toHaveLength(2));
  expect(searches()[1]?.variables).toEqual(searches()[0]?.variables);
  // The same search typed with a trailing space is the same URL once written: a refresh too.
  await user.type(screen.getByRole('textbox', { name: 'Libellé' }), ' {Enter}');
  await waitFor(() => expect(searches()).toHaveLength(3));
});

describe('URL state (R-SEARCH-12)', () => {
  it('reopens a search from its URL, sorts and pages server-side, and back restores it', async () => {
    const { searches, router, user, table } = await openResults(
      `${PATH}?structureId=101&saison=2026&libelle=Licence&taille=60&page=2`,
    );
    expect(screen.getByRole('textbox', { name: 'Libellé' })).toHaveValue('Licence');
    expect(searches()[0]?.variables).toMatchObject({
      limit: 60,
      offset: 60,
      orderBy: [{ Z_DateCreation: 'desc' }, { id: 'desc' }],
    });

    await user.click(within(table).getByRole('button', { name: 'Structure' }));
    await waitFor(() => expect(currentUrl(router)).toContain('tri=structure&ordre=asc'));
    expect(currentUrl(router)).toContain('structureId=101');
    expect(currentUrl(router)).not.toContain('page=');
    await waitFor(() =>
      expect(searches().at(-1)?.variables).toMatchObject({
        offset: 0,
        orderBy: [{ STR_Structure: { NomStructure: 'asc' } }, { id: 'asc' }],
      }),
    );

    await act(() => router.navigate(-1));
    expect(currentUrl(router)).toBe(`${PATH}?structureId=101&saison=2026&libelle=Licence&taille=60&page=2`);
    await act(() => router.navigate(1));
    expect(currentUrl(router)).toContain('tri=structure');
  });

  it("sorts 'Crédit' as credits by amount, showing only that column as sorted", async () => {
    const { searches, router, user, table } = await openResults();
    await user.click(within(table).getByRole('button', { name: 'Crédit' }));
    await waitFor(() => expect(currentUrl(router)).toContain('tri=credit&ordre=asc'));
    await waitFor(() =>
      expect(searches().at(-1)?.variables.orderBy).toEqual([
        { EST_Debit: 'asc' },
        { MontantTTC: 'asc' },
        { id: 'asc' },
      ]),
    );
    const sorted = within(table)
      .getAllByRole('columnheader')
      .filter((header) => header.getAttribute('aria-sort') !== null && header.getAttribute('aria-sort') !== 'none');
    expect(sorted.map((header) => header.textContent)).toEqual(['Crédit']);
  });

  it('re-fills the form from the URL on back and forward', async () => {
    const { user, router } = await openResults(`${PATH}?libelle=Licence`);
    const label = screen.getByRole('textbox', { name: 'Libellé' });
    await user.clear(label);
    await user.type(label, 'Remboursement{Enter}');
    await waitFor(() => expect(currentUrl(router)).toContain('libelle=Remboursement'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Libellé' })).toHaveValue('Licence'));
    await act(() => router.navigate(1));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Libellé' })).toHaveValue('Remboursement'));
  });

  it('writes a new search into the URL, keeping structureId and appMode', async () => {
    stubFluxApi();
    const { router, user } = renderApp(`${PATH}?structureId=101&appMode=embedded`, { token: 'jwt' });
    await user.type(await screen.findByRole('textbox', { name: 'Nom du licencié' }), 'Dupont{Enter}');
    await waitFor(() =>
      expect(currentUrl(router)).toBe(`${PATH}?structureId=101&appMode=embedded&saison=2027&nom=Dupont`),
    );
  });
});

it("'Afficher la facture à imprimer' and its 'Retour' bring the user back to the same search", async () => {
  const search = `${PATH}?structureId=101&saison=2026&libelle=Licence&tri=structure&ordre=asc`;
  const { user, router } = await openResults(search);
  await user.click(screen.getByRole('button', { name: 'Voir le détail du flux 501' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(await within(dialog).findByRole('link', { name: 'Afficher la facture à imprimer' }));
  await waitFor(() => expect(currentUrl(router)).toContain('/501/facture'));
  expect(await screen.findByRole('link', { name: 'Retour' })).toHaveAttribute('href', search);
});

it("says when 'Tous' is cut at 100 000 rows", { timeout: 30_000 }, async () => {
  stubFluxApi({ matching: 100_001 });
  renderApp(`${PATH}?libelle=Licence&taille=tous`, { token: 'jwt' });
  expect(
    await screen.findByText(/Seuls les 100 000 premiers flux sont affichés/, {}, { timeout: 20_000 }),
  ).toBeInTheDocument();
  expect(screen.getByRole('status').textContent?.replace(/\s/g, ' ')).toContain('100 000 flux');
});

it("shows every row of 'Tous' with no warning below the cap", async () => {
  stubFluxApi({ matching: 12 });
  renderApp(`${PATH}?libelle=Licence&taille=tous`, { token: 'jwt' });
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('12 flux'));
  expect(screen.queryByText(/premiers flux sont affichés/)).toBeNull();
});

it('offers to retry when the detail fails to load', async () => {
  const { user } = await openResults(undefined, { detailFailsOnce: true });
  await user.click(screen.getByRole('button', { name: 'Voir le détail du flux 501' }));
  const dialog = await screen.findByRole('dialog');
  expect(await within(dialog).findByText('Oups, une erreur est survenue...')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Réessayer' }));
  expect(await within(dialog).findByText('Licence adulte')).toBeInTheDocument();
});

describe('detail modal (R-SEARCH-09)', () => {
  async function openModal(options: Parameters<typeof stubFluxApi>[0] = {}) {
    const context = await openResults(undefined, options);
    const action = screen.getByRole('button', { name: 'Voir le détail du flux 501' });
    await context.user.click(action);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Licence adulte');
    return { ...context, action, dialog };
  }

  it('is titled "NomFluxFinancier (NomStructure)" and lists the detail lines', async () => {
    const { dialog } = await openModal();
    expect(within(dialog).getByRole('heading')).toHaveTextContent(
      'Prélèvement SEPA licences mars 2026 (Club Alpin de Lyon)',
    );
    const headers = within(dialog)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['N° de flux', 'Date création', 'Libellé', 'PU', 'Quantité', 'Débit', 'Crédit']);
    const cells = within(dialog).getAllByRole('cell').map(text);
    expect(cells).toEqual(['501', '01/03/2026 10:30', 'Licence adulte', '60,00 €', '2', '120,00 €', '-']);
  });

  it('closes on Escape and gives the focus back', async () => {
    const { user, action } = await openModal();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(action).toHaveFocus();
  });

  it('closes on the close icon', async () => {
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes on an outside click', async () => {
    await openModal();
    const backdrop = document.querySelector('.MuiDialog-container');
    if (!backdrop) throw new Error('no dialog container');
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers no relaunch to a club: it holds no relaunch grant (R-PERM-08)', async () => {
    const { dialog } = await openModal();
    expect(within(dialog).getByRole('button', { name: 'Télécharger la facture (PDF)' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Relancer le prélèvement' })).not.toBeInTheDocument();
  });

  it('relaunches an unpaid direct debit after confirmation', async () => {
    const { user, dialog, calls } = await openModal({ grants: [FLUX_RELAUNCH] });
    await user.click(within(dialog).getByRole('button', { name: 'Relancer le prélèvement' }));
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('Flux de prélèvement relancé')).toBeInTheDocument();
    expect(calls.find((call) => call.query.includes('Relaunch'))?.variables).toEqual({ id: 501 });
  });

  it('says "Oups, une erreur est survenue..." when the relaunch fails', async () => {
    const { user, dialog } = await openModal({ relaunch: 'fail', grants: [FLUX_RELAUNCH] });
    await user.click(within(dialog).getByRole('button', { name: 'Relancer le prélèvement' }));
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('Oups, une erreur est survenue...')).toBeInTheDocument();
  });

  it('offers the invoice but no relaunch for a paid debit', async () => {
    const { dialog } = await openModal({ detail: directDebitDetail({ EST_Reglement: true }), grants: [FLUX_RELAUNCH] });
    expect(within(dialog).getByRole('button', { name: 'Télécharger la facture (PDF)' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Relancer le prélèvement' })).not.toBeInTheDocument();
  });

  it('offers no relaunch for an already relaunched debit', async () => {
    const { dialog } = await openModal({
      detail: directDebitDetail({ ID_FluxFinancierRelance: 777 }),
      grants: [FLUX_RELAUNCH],
    });
    expect(within(dialog).queryByRole('button', { name: 'Relancer le prélèvement' })).not.toBeInTheDocument();
  });
});
