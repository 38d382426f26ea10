import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUrl, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/stub-api';
import { EMPTY_STATISTICS, STATISTICS, queriesTo, statisticsReader, stubStatisticsApi } from './statistics-test-api';

const { saveBlob } = vi.hoisted(() => ({ saveBlob: vi.fn() }));
vi.mock('@/lib/save-file', () => ({ saveBlob }));

const PATH = '/gestion-des-finances/etats-statistiques';

beforeEach(() => saveBlob.mockReset());

const region = (name: string) => screen.findByRole('region', { name });

describe('Etats statistiques: the cockpit (R-UI-11, R-UI-13, R-UI-18)', () => {
  it('shows a spinner, then every section, its freshness and fr-FR figures', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubStatisticsApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp(PATH, { token: 'jwt' });
    expect(await screen.findByRole('progressbar', { name: 'Chargement des états statistiques…' })).toBeVisible();
    answer(jsonResponse(STATISTICS));
    const collection = await region('Recouvrement');
    expect(within(collection).getByRole('link', { name: /^67,36\s%/ })).toBeInTheDocument();
    expect(within(collection).getByText('12 jours')).toBeInTheDocument();
    expect(screen.getByText(/^À jour au 30\/11\/2026 02:15$/)).toBeInTheDocument();
    for (const title of [
      'Facturation par mois et par catégorie',
      'Rejets de prélèvement',
      'Arriérés',
      'Saisons comparées',
      'Plus fortes hausses d’arriérés',
    ])
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('gives each chart its values as a table, months in French, amounts in euros', async () => {
    stubStatisticsApi(() => jsonResponse(STATISTICS));
    const { user } = renderApp(PATH, { token: 'jwt' });
    const billing = await region('Facturation par mois et par catégorie');
    const toggle = within(billing).getByRole('button', { name: 'Voir le tableau' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(within(billing).getByRole('button', { name: 'Masquer le tableau' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const table = within(billing).getByRole('table', { name: 'Facturation par mois et par catégorie' });
    const september = within(table).getByRole('rowheader', { name: 'septembre 2026' }).closest('tr') as HTMLElement;
    expect(september).toHaveTextContent('Licence');
    expect(september).toHaveTextContent(/12\s345,50\s€/);
    expect(september).toHaveTextContent('312');
    // R-STAT-08: a bucket with nothing to search is a figure without a link.
    const arrears = await region('Arriérés');
    await user.click(within(arrears).getByRole('button', { name: 'Voir le tableau' }));
    const bucket = within(arrears).getByRole('rowheader', { name: '61 à 90 jours' }).closest('tr') as HTMLElement;
    expect(bucket).toHaveTextContent(/0,00\s€/);
    expect(within(bucket).queryByRole('link')).toBeNull();
    const recent = within(arrears).getByRole('rowheader', { name: '0 à 30 jours' }).closest('tr') as HTMLElement;
    expect(within(recent).getByRole('link')).toHaveAccessibleName(/^2\s000,00\s€, voir les flux : 0 à 30 jours$/);
    // A figure without a chart is its table at once.
    const rises = await region('Plus fortes hausses d’arriérés');
    expect(within(rises).getByRole('table')).toHaveTextContent(/Club Alpin de Lyon.*100,00\s€.*600,00\s€.*500,00\s€/);
  });

  it('links every figure to the flux search of its recherche, keeping structureId and appMode, by keyboard too', async () => {
    stubStatisticsApi(() => jsonResponse(STATISTICS));
    const { user, router } = renderApp(`${PATH}?structureId=1318&appMode=embedded`, { token: 'jwt' });
    const collection = await region('Recouvrement');
    expect(within(collection).getByRole('link', { name: /^14\s845,50\s€, voir les flux : Facturé$/ })).toHaveAttribute(
      'href',
      '/gestion-des-finances/flux-financiers?saison=2027&structureId=1318&appMode=embedded',
    );
    const rejects = await region('Rejets de prélèvement');
    // By keyboard: the table's toggle, then the figure's link.
    within(rejects).getAllByRole('button', { name: 'Voir le tableau' })[0]!.focus();
    await user.keyboard('{Enter}');
    const link = within(rejects).getByRole('link', { name: /voir les flux : Provision insuffisante$/ });
    expect(link).toHaveAttribute(
      'href',
      '/gestion-des-finances/flux-financiers?saison=2027&motif=AM04&structureId=1318&appMode=embedded',
    );
    link.focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(currentUrl(router)).toBe(
        '/gestion-des-finances/flux-financiers?saison=2027&motif=AM04&structureId=1318&appMode=embedded',
      ),
    );
  });

  it('reads its filters from the URL, sends them, and writes a changed one back', async () => {
    const fetchMock = stubStatisticsApi(() => jsonResponse(STATISTICS));
    const { user, router } = renderApp(
      `${PATH}?structureId=1318&saison=2026&categorie=1&debut=2026-09-01&fin=2026-12-31&ligue=21&comite=abc`,
      { token: 'jwt' },
    );
    await region('Recouvrement');
    const sent = queriesTo(fetchMock, '/api/statistiques')[0]!;
    expect(Object.fromEntries(sent)).toEqual({
      structureId: '1318',
      saison: '2026',
      categorie: '1',
      debut: '2026-09-01',
      fin: '2026-12-31',
      ligue: '21',
    });
    const filters = screen.getByRole('group', { name: 'Filtres des états statistiques' });
    expect(within(filters).getByRole('combobox', { name: 'Saison' })).toHaveTextContent('2025-2026');
    expect(within(filters).getByRole('combobox', { name: 'Catégorie' })).toHaveTextContent('Licence');

    await user.click(within(filters).getByRole('combobox', { name: 'Type de structure' }));
    await user.click(await screen.findByRole('option', { name: 'Club' }));
    await waitFor(() => expect(currentUrl(router)).toContain('typeStructure=1'));
    expect(currentUrl(router)).toContain('saison=2026&categorie=1&debut=2026-09-01&fin=2026-12-31&ligue=21');
    await waitFor(() => expect(queriesTo(fetchMock, '/api/statistiques').at(-1)?.get('typeStructure')).toBe('1'));

    await user.click(within(filters).getByRole('button', { name: 'Effacer les filtres' }));
    // Every filter goes, an unusable one too; the context stays.
    await waitFor(() => expect(currentUrl(router)).toBe(`${PATH}?structureId=1318`));
  });

  it('downloads the xlsx export of the same filters', async () => {
    const fetchMock = stubStatisticsApi(() => jsonResponse(STATISTICS), statisticsReader, {
      'GET /api/statistiques/export': () =>
        new Response(new Blob(['xlsx']), {
          headers: { 'Content-Disposition': 'attachment; filename="etats-statistiques-2026-2026-11-30.xlsx"' },
        }),
    });
    const { user } = renderApp(`${PATH}?saison=2026&categorie=3`, { token: 'jwt' });
    await region('Recouvrement');
    await user.click(screen.getByRole('button', { name: 'Exporter (xlsx)' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(saveBlob.mock.calls[0]![1]).toBe('etats-statistiques-2026-2026-11-30.xlsx');
    const sent = queriesTo(fetchMock, '/api/statistiques/export')[0]!;
    expect(Object.fromEntries(sent)).toEqual({ structureId: '1318', saison: '2026', categorie: '3' });
  });

  it('says when nothing matches the filters', async () => {
    stubStatisticsApi(() => jsonResponse(EMPTY_STATISTICS));
    renderApp(`${PATH}?saison=2020`, { token: 'jwt' });
    expect(
      await screen.findByText('Aucune donnée pour ces filtres : aucun flux facturé, réglé ni rejeté sur la période.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recouvrement' })).toBeNull();
  });

  it('shows the server’s French 400 as it is, without Réessayer', async () => {
    const message = 'La période demandée est en dehors des données (avant le 01/09/2020).';
    stubStatisticsApi(() => jsonResponse({ message }, 400));
    renderApp(`${PATH}?debut=2001-01-01`, { token: 'jwt' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).queryByRole('button', { name: 'Réessayer' })).toBeNull();
  });

  it('offers Réessayer after a passing failure', async () => {
    stubStatisticsApi(() => jsonResponse({}, 503));
    renderApp(PATH, { token: 'jwt' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Les états statistiques n’ont pas pu être calculés.');
    expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeVisible();
  });
});
