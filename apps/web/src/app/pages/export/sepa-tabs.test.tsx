import { ALL_MODULE_SLUGS, SEPA_WRITE, type ModuleSlugValue } from '@gdf/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { headOfficeMembership, meWith, statusApi } from '@/test/access-fixtures';
import { currentUrl, renderApp } from '@/test/render-app';
import { emptySepaPageApi } from '@/test/sepa-page-api';
import { jsonResponse, stubApi } from '@/test/stub-api';

const me = meWith(headOfficeMembership, ALL_MODULE_SLUGS as readonly ModuleSlugValue[], false, [SEPA_WRITE]);

function open(path: string, user = me) {
  stubApi({
    'GET /api/me': () => jsonResponse(user),
    ...statusApi(headOfficeMembership),
    ...emptySepaPageApi(),
  });
  return renderApp(path, { token: 'jwt' });
}

// R-BANK-07: the SEPA page's three tabs, the chosen one in the URL (reload and back keep it).
describe('SEPA page tabs', () => {
  it("opens on 'Prélèvements' by default, the placeholder below", async () => {
    open('/export-fichiers/sepa');
    const tabs = await screen.findByRole('tablist', { name: 'Échanges SEPA avec la banque' });
    expect(tabs).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Prélèvements',
      'Retours',
      'Relevés bancaires',
    ]);
    expect(screen.getByRole('tab', { name: 'Prélèvements' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Prélèvements' })).toContainElement(
      screen.getByRole('heading', { name: 'Prélèvements SEPA' }),
    );
    // The placeholder of R-SEPA-09 stays below the tabs.
    expect(screen.getByRole('heading', { name: 'Générer les virements SEPA' })).toBeInTheDocument();
  });

  it('switches by keyboard and writes the tab in the URL; back returns to the previous one', async () => {
    const { user, router } = open('/export-fichiers/sepa?onglet=retours');
    expect(await screen.findByRole('heading', { name: 'Importer un retour bancaire' })).toBeInTheDocument();
    screen.getByRole('tab', { name: 'Retours' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Relevés bancaires' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentUrl(router)).toBe('/export-fichiers/sepa?onglet=releves'));
    expect(await screen.findByRole('heading', { name: 'Relevés bancaires', level: 2 })).toBeInTheDocument();
    expect(await screen.findByText('Aucun relevé importé pour l’instant.')).toBeInTheDocument();
    await router.navigate(-1);
    expect(await screen.findByRole('heading', { name: 'Importer un retour bancaire' })).toBeInTheDocument();
  });

  it("leaves 'Retours' out without the SEPA write grant (its import needs it)", async () => {
    open(
      '/export-fichiers/sepa?onglet=retours',
      meWith(headOfficeMembership, ALL_MODULE_SLUGS as readonly ModuleSlugValue[]),
    );
    await screen.findByRole('tablist');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Prélèvements', 'Relevés bancaires']);
    expect(screen.getByRole('tab', { name: 'Prélèvements' })).toHaveAttribute('aria-selected', 'true');
  });
});
