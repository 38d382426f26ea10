import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clubMembership, headOfficeMembership, ligueMembership } from '@/test/access-fixtures';
import { currentUrl, renderApp } from '@/test/render-app';
import { stubFluxApi } from './flux-api-stub';

const PATH = '/gestion-des-finances/flux-financiers';

describe("flux search: the 'Impayés' button", () => {
  it('the head office opens Impayés from the flux search, keeping its structure in the URL', async () => {
    stubFluxApi({ membership: headOfficeMembership });
    const { user, router } = renderApp(`${PATH}?structureId=1318`, { token: 'jwt' });
    await screen.findByRole('form', { name: 'Filtres' });
    await user.click(screen.getByRole('link', { name: 'Impayés' }));
    // The page is its own chunk: the router moves once it is loaded.
    await waitFor(() =>
      expect(currentUrl(router)).toBe('/gestion-des-finances/flux-financiers/impayes?structureId=1318'),
    );
  });

  it('R-UI-20: offered only where it can show something: not to a ligue or a comité (their own structure), nor to a club', async () => {
    const comiteMembership = {
      ...ligueMembership,
      structureId: 303,
      structureName: 'Comité du Rhône',
      structureType: 5,
    } as typeof ligueMembership;
    for (const membership of [ligueMembership, comiteMembership, clubMembership]) {
      stubFluxApi({ membership });
      const view = renderApp(PATH, { token: 'jwt' });
      await screen.findByRole('form', { name: 'Filtres' });
      expect(screen.queryByRole('link', { name: 'Impayés' }), membership.structureName).toBeNull();
      view.unmount();
    }
  });
});
