import { ALL_MODULE_SLUGS } from '@gdf/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '@/test/stub-api';
import { CLUB_PERMISSIONS, clubMembership, headOfficeMembership, meWith, statusApi } from '@/test/access-fixtures';
import { renderApp } from '@/test/render-app';

const LINK = 'Exercices comptables : valider les écritures, clôturer un exercice';

describe('the fiscal years reachable by a link (R-UI-20)', () => {
  it('leads the head office from the finance dashboard to the fiscal years, the card staying coming soon', async () => {
    stubApi({
      'GET /api/me': () => jsonResponse(meWith(headOfficeMembership, ALL_MODULE_SLUGS)),
      ...statusApi(headOfficeMembership),
    });
    renderApp('/gestion-des-finances', { token: 'jwt' });
    const link = await screen.findByRole('link', { name: LINK });
    expect(link.getAttribute('href')).toMatch(/^\/gestion-comptabilite\/parametrages\/flux-financier(\?|$)/);
    const cards = within(await screen.findByRole('list', { name: 'Modules' }));
    expect(cards.getByRole('link', { name: 'Paramétrages comptable' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('offers no link to a club without the grant of the fiscal years', async () => {
    stubApi({
      'GET /api/me': () => jsonResponse(meWith(clubMembership, CLUB_PERMISSIONS)),
      ...statusApi(clubMembership),
    });
    renderApp('/gestion-des-finances', { token: 'jwt' });
    await screen.findByRole('list', { name: 'Modules' });
    expect(await screen.findByRole('link', { name: 'SAGE/SEPA' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: LINK })).toBeNull();
  });

  it('leads from the SAGE page to the fiscal years', async () => {
    stubApi({
      'GET /api/me': () => jsonResponse(meWith(headOfficeMembership, ALL_MODULE_SLUGS)),
      ...statusApi(headOfficeMembership),
      'GET /api/exports/sage/historique': () => jsonResponse({ fichiers: [] }),
      'GET /api/parametrages-comptables/exercices': () =>
        jsonResponse({ moisDebut: 9, moisDebutModifiable: false, peutValider: false, exercices: [] }),
    });
    const { user, router } = renderApp('/export-fichiers/sage', { token: 'jwt' });
    await user.click(await screen.findByRole('link', { name: LINK }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/gestion-comptabilite/parametrages/flux-financier'),
    );
  });
});
