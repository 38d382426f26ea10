import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { href, type RouteName } from '@/lib/routes';
import { jsonResponse, stubApi } from '@/test/stub-api';
import { fullAccessMe } from '@/test/access-fixtures';
import { currentUrl, renderApp } from '@/test/render-app';

// Every module open (head office, all permissions), so each page shows; guards: access-guard.test.tsx.
const meApi = { 'GET /api/me': () => jsonResponse(fullAccessMe) };

// Heading of each authenticated screen (R-UI-02).
const headings: [RouteName, string][] = [
  ['gestion_des_finances__dashboard', 'Gestion des finances'],
  ['gestion_des_finances__parametrage_plan_comptable', 'Paramétrages comptable'],
  ['gestion_des_finances__etats_statistiques', 'Etats statistiques'],
  ['gestion_des_finances__rib', 'RIB'],
  ['gestion_des_finances__recapitulatif', 'Récapitulatif mensuel'],
  ['gestion_des_finances__creation_factures', 'Création factures'],
  ['flux_financiers__gestion_des_finances', 'Rechercher les flux financiers'],
  ['flux_financiers__gestion_comptabilite', 'Rechercher les flux financiers'],
  ['gestion_comptabilite__dashboard', 'Gestion comptabilité'],
  ['parametrages_comptables__plan_comptable', 'Plan Comptable'],
  ['parametrages_comptables__type_facturation', 'Type de facturation'],
  ['parametrages_comptables__plan_analytique', 'Plan analytique'],
  ['parametrages_comptables__flux_financier', 'Flux financier'],
  ['export__sepa', 'Générer les virements SEPA'],
  ['export__sage', 'Export SAGE'],
];

describe('routes', () => {
  it.each(headings)('%s shows its page', async (name, heading) => {
    stubApi(meApi);
    renderApp(href(name), { token: 'jwt' });
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  // R-UI-06; 'Etats statistiques' is the module for its grant's holders (R-STAT-01, its own tests).
  it('export__sepa is a placeholder without the payout grant (R-UI-06)', async () => {
    stubApi(meApi);
    renderApp(href('export__sepa'), { token: 'jwt' });
    expect(await screen.findByText('Module en dévelopement')).toBeInTheDocument();
  });

  it('frames the export pages with their title and side navigation', async () => {
    stubApi(meApi);
    renderApp(href('export__sage'), { token: 'jwt' });
    expect(await screen.findByRole('heading', { name: 'EXPORT FICHIERS SEPA', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'SEPA' })).toHaveAttribute('href', '/export-fichiers/sepa');
    expect(screen.getByRole('link', { name: 'Retour' })).toHaveAttribute('href', '/gestion-des-finances');
  });

  it('sends the flux search back to the dashboard of its first path segment', async () => {
    stubApi(meApi);
    renderApp(href('flux_financiers__gestion_comptabilite'), { token: 'jwt' });
    expect(await screen.findByRole('link', { name: 'Retour' })).toHaveAttribute('href', '/gestion-comptabilite');
  });

  it("redirects '/' to the dashboard, keeping the context", async () => {
    stubApi(meApi);
    const { router } = renderApp('/?structureId=202&appMode=embedded', { token: 'jwt' });
    expect(await screen.findByRole('heading', { name: 'Gestion des finances' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/gestion-des-finances?structureId=202&appMode=embedded');
  });

  it('asks for a login before a protected page, then comes back to it', async () => {
    stubApi({});
    const { router } = renderApp('/gestion-des-finances/recapitulatif');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/connexion?redirect=%2Fgestion-des-finances%2Frecapitulatif');
  });

  it('shows a French 404 page with a link back to the dashboard', async () => {
    stubApi({});
    renderApp('/nulle-part?appMode=embedded');
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à Gestion des finances' })).toHaveAttribute(
      'href',
      '/gestion-des-finances?appMode=embedded',
    );
  });
});
