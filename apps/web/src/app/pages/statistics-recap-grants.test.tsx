import { ALL_MODULE_SLUGS, ModuleSlug, type MeResponse, type ModuleSlugValue } from '@gdf/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STATISTICS, queriesTo, stubStatisticsApi } from '@/features/statistics/components/statistics-test-api';
import { clubMembership, headOfficeMembership, meWith, statusApi } from '@/test/access-fixtures';
import { renderApp } from '@/test/render-app';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, stubApi } from '@/test/stub-api';
import { EtatsStatistiquesPage } from './EtatsStatistiquesPage';

const STATISTICS_PATH = '/gestion-des-finances/etats-statistiques';
const RECAP_PATH = '/gestion-des-finances/recapitulatif';
const without = (slug: ModuleSlugValue) => ALL_MODULE_SLUGS.filter((other) => other !== slug);

// R-STAT-01 and R-UI-06: the module for the holders of its read grant, the placeholder otherwise.
describe('Etats statistiques: its read grant', () => {
  it('opens the module to a holder of the grant', async () => {
    stubStatisticsApi(() => jsonResponse(STATISTICS), meWith(headOfficeMembership, [ModuleSlug.EtatsStatistiques]));
    renderApp(STATISTICS_PATH, { token: 'jwt' });
    expect(await screen.findByRole('region', { name: 'Recouvrement' })).toBeInTheDocument();
    expect(screen.queryByText('Module en dévelopement')).toBeNull();
  });

  it('opens the module to a super administrateur', async () => {
    stubStatisticsApi(() => jsonResponse(STATISTICS), meWith(headOfficeMembership, [], true));
    renderApp(STATISTICS_PATH, { token: 'jwt' });
    expect(await screen.findByRole('region', { name: 'Recouvrement' })).toBeInTheDocument();
  });

  it('keeps the specification’s placeholder on the page without the grant, and asks nothing', async () => {
    const fetchMock = stubStatisticsApi(() => jsonResponse(STATISTICS));
    renderWithSession(<EtatsStatistiquesPage />, meWith(headOfficeMembership, without(ModuleSlug.EtatsStatistiques)));
    expect(await screen.findByText('Module en dévelopement')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Etats statistiques', level: 1 })).toBeInTheDocument();
    expect(queriesTo(fetchMock, '/api/statistiques')).toHaveLength(0);
  });

  it('is refused by its route guard when typed without the grant (R-PERM-09)', async () => {
    const fetchMock = stubStatisticsApi(
      () => jsonResponse(STATISTICS),
      meWith(headOfficeMembership, without(ModuleSlug.EtatsStatistiques)),
    );
    renderApp(STATISTICS_PATH, { token: 'jwt' });
    expect(await screen.findByRole('heading', { name: 'Accès refusé' })).toBeInTheDocument();
    expect(queriesTo(fetchMock, '/api/statistiques')).toHaveLength(0);
  });
});

// R-RECAP-08: the card's page is the module for its permission's holders, 'coming soon' otherwise.
describe('Récapitulatif mensuel: its read grant', () => {
  function open(me: MeResponse) {
    const fetchMock = stubApi({
      'GET /api/me': () => jsonResponse(me),
      ...statusApi(clubMembership),
      'GET /api/structures/101/recapitulatifs': () =>
        jsonResponse({ abonnementEmail: false, emailFacturation: null, recapitulatifs: [] }),
    });
    renderApp(RECAP_PATH, { token: 'jwt' });
    return fetchMock;
  }

  it('opens the module to a holder of the permission', async () => {
    open(meWith(clubMembership, [ModuleSlug.Recapitulatif]));
    expect(await screen.findByText('Aucun récapitulatif émis pour le moment.')).toBeInTheDocument();
    expect(screen.queryByText('Module en dévelopement')).toBeNull();
  });

  it('keeps the placeholder without it, and asks nothing', async () => {
    const fetchMock = open(meWith(clubMembership, without(ModuleSlug.Recapitulatif)));
    expect(await screen.findByText('Module en dévelopement')).toBeInTheDocument();
    expect(queriesTo(fetchMock, '/api/structures/101/recapitulatifs')).toHaveLength(0);
  });
});
