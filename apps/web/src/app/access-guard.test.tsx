import { ALL_MODULE_SLUGS, type MeResponse, type Membership, type StructureStatusResponse } from '@gdf/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '@/test/stub-api';
import {
  CLUB_PERMISSIONS,
  clubMembership,
  headOfficeMembership,
  ligueMembership,
  meWith,
  statusApi,
} from '@/test/access-fixtures';
import { renderApp } from '@/test/render-app';

const NO_RIGHTS =
  "Vous n'avez pas les droits nécessaire pour accéder à ce module. Merci de contacter un administrateur.";

function open(path: string, me: MeResponse, membership: Membership, status: Partial<StructureStatusResponse> = {}) {
  stubApi({ 'GET /api/me': () => jsonResponse(me), ...statusApi(membership, status) });
  return renderApp(path, { token: 'jwt' });
}

async function expectDenied(reason: string) {
  const heading = await screen.findByRole('heading', { name: 'Accès refusé' });
  const section = heading.closest('section') as HTMLElement;
  expect(within(section).getByText(reason)).toBeInTheDocument();
  expect(within(section).getByRole('link', { name: 'Retour à Gestion des finances' })).toHaveAttribute(
    'href',
    expect.stringMatching(/^\/gestion-des-finances(\?|$)/),
  );
}

describe('route guards: a typed URL opens only what the card would', () => {
  it('refuses the SEPA export to a club, inside the export page', async () => {
    open('/export-fichiers/sepa', meWith(clubMembership, CLUB_PERMISSIONS), clubMembership);
    await expectDenied(NO_RIGHTS);
    expect(screen.getByRole('heading', { name: 'EXPORT FICHIERS SEPA', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Module en dévelopement')).not.toBeInTheDocument();
  });

  it("refuses the head office's RIB page elsewhere: the module does not apply", async () => {
    open('/gestion-des-finances/rib', meWith(ligueMembership, ALL_MODULE_SLUGS), ligueMembership);
    await expectDenied("Vous n'avez pas accès à ce module.");
  });

  it('refuses the flux search of a blocked club, with the reason', async () => {
    open('/gestion-des-finances/flux-financiers', meWith(clubMembership, CLUB_PERMISSIONS), clubMembership, {
      EST_Bloquee: true,
    });
    await expectDenied('Cette structure est bloquée.');
  });

  it('opens the page when the card would', async () => {
    open('/export-fichiers/sage', meWith(clubMembership, CLUB_PERMISSIONS), clubMembership);
    expect(await screen.findByRole('heading', { name: 'Export SAGE' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Accès refusé' })).not.toBeInTheDocument();
  });

  it('shows the placeholder of a coming-soon module rather than a refusal', async () => {
    open('/gestion-des-finances/parametrage-plan-comptable', meWith(clubMembership, CLUB_PERMISSIONS), clubMembership);
    expect(await screen.findByText('Module en dévelopement')).toBeInTheDocument();
  });
});

describe('export files page (R-UI-07)', () => {
  it('shows the top bar, the avatar and the SEPA entry disabled for a club, with its tooltip by keyboard', async () => {
    const { user } = open('/export-fichiers/sage', meWith(clubMembership, CLUB_PERMISSIONS), clubMembership);
    const nav = await screen.findByRole('navigation', { name: 'Fichiers à exporter' });
    expect(screen.getByRole('heading', { name: 'EXPORT FICHIERS SEPA', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour' })).toHaveAttribute('href', '/gestion-des-finances');
    expect(within(nav).getByRole('img', { name: 'Logo de Club Alpin de Lyon' })).toHaveStyle({ width: '102px' });

    const sepa = await within(nav).findByRole('link', { name: 'SEPA' });
    expect(sepa).toHaveAttribute('aria-disabled', 'true');
    expect(sepa).not.toHaveAttribute('href');
    expect(within(nav).getByRole('link', { name: 'SAGE' })).toHaveAttribute('href', '/export-fichiers/sage');

    sepa.focus();
    await user.keyboard('{Shift>}{Tab}{/Shift}{Tab}');
    expect(sepa).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(NO_RIGHTS);
  });

  it('lets the head office open both entries; SEPA is the placeholder', async () => {
    open('/export-fichiers/sepa', meWith(headOfficeMembership, ALL_MODULE_SLUGS), headOfficeMembership);
    const nav = await screen.findByRole('navigation', { name: 'Fichiers à exporter' });
    expect(await within(nav).findByRole('link', { name: 'SEPA' })).toHaveAttribute('href', '/export-fichiers/sepa');
    expect(await screen.findByRole('heading', { name: 'Générer les virements SEPA' })).toBeInTheDocument();
    expect(screen.getByText('Module en dévelopement')).toBeInTheDocument();
  });
});

describe('Paramétrages Comptables layout (R-UI-05)', () => {
  it('gates each link by its permission, with the tooltip', async () => {
    const me = meWith(ligueMembership, [
      'parametrages_comptables__plan_comptable',
      'parametrages_comptables__flux_financier',
    ]);
    const { user } = open('/gestion-comptabilite/parametrages/plan-comptable', me, ligueMembership);
    const nav = await screen.findByRole('navigation', { name: 'Paramétrages comptables' });
    expect(await within(nav).findByRole('link', { name: 'Plan Comptable' })).toHaveAttribute(
      'href',
      '/gestion-comptabilite/parametrages/plan-comptable',
    );
    expect(within(nav).getByRole('link', { name: 'Flux financier' })).toHaveAttribute('href');
    for (const denied of ['Type de facturation', 'Plan analytique']) {
      expect(within(nav).getByRole('link', { name: denied })).toHaveAttribute('aria-disabled', 'true');
    }
    expect(within(nav).getByRole('img', { name: /^Logo de Ligue/ })).toHaveStyle({ width: '102px' });

    await user.hover(within(nav).getByRole('link', { name: 'Plan analytique' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(NO_RIGHTS);
    expect(screen.getByRole('heading', { name: 'Plan Comptable', level: 2 })).toBeInTheDocument();
  });

  it('refuses a denied page typed by URL, inside the layout', async () => {
    open(
      '/gestion-comptabilite/parametrages/plan-analytique',
      meWith(clubMembership, CLUB_PERMISSIONS),
      clubMembership,
    );
    await expectDenied(NO_RIGHTS);
    expect(screen.getByRole('heading', { name: 'Paramétrages Comptables', level: 1 })).toBeInTheDocument();
  });
});
