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

  it('a ligue has it too; a club does not', async () => {
    stubFluxApi({ membership: ligueMembership });
    const ligue = renderApp(PATH, { token: 'jwt' });
    await screen.findByRole('form', { name: 'Filtres' });
    expect(screen.getByRole('link', { name: 'Impayés' })).toBeInTheDocument();
    ligue.unmount();

    stubFluxApi({ membership: clubMembership });
    renderApp(PATH, { token: 'jwt' });
    await screen.findByRole('form', { name: 'Filtres' });
    expect(screen.queryByRole('link', { name: 'Impayés' })).toBeNull();
  });
});
