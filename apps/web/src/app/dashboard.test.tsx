import { ALL_MODULE_SLUGS, type MeResponse, type Membership, type StructureStatusResponse } from '@gdf/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '@/test/stub-api';
import { CLUB_PERMISSIONS, clubMembership, headOfficeMembership, meWith, statusApi } from '@/test/access-fixtures';
import { renderApp } from '@/test/render-app';

const NO_RIGHTS =
  "Vous n'avez pas les droits nécessaire pour accéder à ce module. Merci de contacter un administrateur.";

function openDashboard(
  me: MeResponse,
  membership: Membership,
  status: Partial<StructureStatusResponse> = {},
  path = '/gestion-des-finances',
) {
  stubApi({ 'GET /api/me': () => jsonResponse(me), ...statusApi(membership, status) });
  return renderApp(path, { token: 'jwt' });
}

const card = (name: string) => screen.getByRole('link', { name });
const cards = async () => within(await screen.findByRole('list', { name: 'Modules' })).getAllByRole('link');

describe('Gestion des finances dashboard (R-UI-04)', () => {
  it('shows a club its cards: one coming soon, Création factures refused, the recap, the flux search and SAGE/SEPA open, no RIB', async () => {
    openDashboard(meWith(clubMembership, CLUB_PERMISSIONS), clubMembership);
    expect(await cards()).toHaveLength(5);
    expect(card('Paramétrages comptable')).toHaveAttribute('aria-disabled', 'true');
    expect(card('Paramétrages comptable')).toHaveAccessibleDescription(
      expect.stringContaining('Module prochainement disponible.'),
    );
    // R-RECAP-08: the module for the holders of its permission (a club's administrator by default).
    expect(card('Récapitulatif mensuel')).toHaveAttribute('href', '/gestion-des-finances/recapitulatif');
    // R-INV-10: a real module since invoices are made in the product, the head office's by default.
    expect(card('Création factures')).toHaveAttribute('aria-disabled', 'true');
    expect(card('Création factures')).toHaveAccessibleDescription(expect.stringContaining(NO_RIGHTS));
    expect(card('Recherche flux financiers')).toHaveAttribute(
      'href',
      '/gestion-des-finances/flux-financiers?structureId=101&appMode=standalone',
    );
    // The club may export SAGE only: the card opens SAGE rather than a refusal.
    expect(card('SAGE/SEPA')).toHaveAttribute('href', '/export-fichiers/sage');
    expect(screen.queryByRole('link', { name: 'RIB' })).not.toBeInTheDocument();
  });

  it('shows the head office the RIB card, and SAGE/SEPA opening the SEPA export', async () => {
    openDashboard(
      meWith(headOfficeMembership, ALL_MODULE_SLUGS),
      headOfficeMembership,
      {},
      '/gestion-des-finances?appMode=embedded',
    );
    expect(await cards()).toHaveLength(6);
    expect(card('RIB')).toHaveAttribute('href', '/gestion-des-finances/rib?appMode=embedded');
    expect(card('Création factures')).toHaveAttribute(
      'href',
      '/gestion-des-finances/creation-factures?appMode=embedded',
    );
    expect(card('SAGE/SEPA')).toHaveAttribute('href', '/export-fichiers/sepa?appMode=embedded');
    expect(card('Recherche flux financiers')).toHaveAttribute(
      'href',
      '/gestion-des-finances/flux-financiers?structureId=1318&appMode=embedded',
    );
  });

  it.each([
    ['blocked', { EST_Bloquee: true }, 'Cette structure est bloquée.'],
    ['never affiliated', { affiliated: false, affiliatedCurrentSeason: false }, "Cette structure n'est pas affiliée."],
    [
      'not affiliated this season',
      { affiliatedCurrentSeason: false },
      "Cette structure n'est pas affiliée sur la saison en cours.",
    ],
  ] as const)('disables the open cards of a %s structure with its tooltip', async (_label, status, tooltip) => {
    openDashboard(meWith(clubMembership, CLUB_PERMISSIONS), clubMembership, status);
    await cards();
    for (const title of ['Recherche flux financiers', 'SAGE/SEPA', 'Récapitulatif mensuel']) {
      expect(card(title)).toHaveAttribute('aria-disabled', 'true');
      expect(card(title)).not.toHaveAttribute('href');
      expect(card(title)).toHaveAccessibleDescription(expect.stringContaining(tooltip));
    }
    // Coming soon outranks every other reason (R-PERM-02).
    expect(card('Paramétrages comptable')).toHaveAccessibleDescription(
      expect.stringContaining('Module prochainement disponible.'),
    );
  });

  it('tells a user without the permission to ask an administrator', async () => {
    openDashboard(meWith(clubMembership, ['gestion_des_finances__dashboard']), clubMembership);
    await cards();
    expect(card('SAGE/SEPA')).toHaveAccessibleDescription(expect.stringContaining(NO_RIGHTS));
    expect(card('Recherche flux financiers')).toHaveAttribute('aria-disabled', 'true');
    // R-RECAP-08: without its permission, the recap keeps the specification's coming-soon card.
    expect(card('Récapitulatif mensuel')).toHaveAttribute('aria-disabled', 'true');
    expect(card('Récapitulatif mensuel')).toHaveAccessibleDescription(
      expect.stringContaining('Module prochainement disponible.'),
    );
  });

  it('lets the super administrator through blocks and missing permissions', async () => {
    openDashboard(meWith(clubMembership, [], true), clubMembership, { EST_Bloquee: true, affiliated: false });
    await cards();
    expect(card('SAGE/SEPA')).toHaveAttribute('href', '/export-fichiers/sepa');
    expect(card('Recherche flux financiers')).not.toHaveAttribute('aria-disabled');
    expect(card('Récapitulatif mensuel')).toHaveAttribute('href', '/gestion-des-finances/recapitulatif');
    expect(card('Paramétrages comptable')).toHaveAttribute('aria-disabled', 'true');
  });

  it('opens the tooltip of a disabled card from the keyboard', async () => {
    const { user } = openDashboard(meWith(clubMembership, CLUB_PERMISSIONS), clubMembership, { EST_Bloquee: true });
    await cards();
    card('SAGE/SEPA').focus();
    await user.keyboard('{Shift>}{Tab}{/Shift}{Tab}'); // focus that came from the keyboard
    expect(card('SAGE/SEPA')).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Cette structure est bloquée.');
  });

  it('falls back to the permissions, and says so, when the structure status cannot be read', async () => {
    stubApi({ 'GET /api/me': () => jsonResponse(meWith(clubMembership, CLUB_PERMISSIONS)) });
    renderApp('/gestion-des-finances', { token: 'jwt' });
    await cards();
    expect(screen.getByText(/n’a pas pu être vérifié/)).toBeInTheDocument();
    expect(card('SAGE/SEPA')).toHaveAttribute('href', '/export-fichiers/sage');
  });
});

describe('Gestion comptabilité dashboard', () => {
  it('shows the Paramétrages comptables pages and the flux search of its own segment', async () => {
    openDashboard(meWith(headOfficeMembership, ALL_MODULE_SLUGS), headOfficeMembership, {}, '/gestion-comptabilite');
    expect((await cards()).map((c) => c.getAttribute('href'))).toEqual([
      '/gestion-comptabilite/parametrages/plan-comptable',
      '/gestion-comptabilite/parametrages/type-facturation',
      '/gestion-comptabilite/parametrages/plan-analytique',
      '/gestion-comptabilite/parametrages/flux-financier',
      '/gestion-comptabilite/flux-financiers?structureId=1318&appMode=standalone',
    ]);
  });

  // R-PERM-12: the dashboard follows its cards' permission, typed by URL too.
  it('refuses a club that may open none of its settings: Accès refusé, not the dashboard', async () => {
    openDashboard(meWith(clubMembership, CLUB_PERMISSIONS), clubMembership, {}, '/gestion-comptabilite');
    expect(await screen.findByRole('heading', { name: 'Accès refusé', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(NO_RIGHTS, { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Plan Comptable/ })).toBeNull();
  });

  it('opens for a club holding one of its settings, the others disabled', async () => {
    const permissions = [...CLUB_PERMISSIONS, 'parametrages_comptables__flux_financier' as const];
    openDashboard(meWith(clubMembership, permissions), clubMembership, {}, '/gestion-comptabilite');
    await cards();
    expect(card('Plan Comptable')).toHaveAccessibleDescription(expect.stringContaining(NO_RIGHTS));
    expect(card('Recherche flux financiers')).toHaveAttribute('href', expect.stringContaining('structureId=101'));
  });
});
