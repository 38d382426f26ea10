import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getToken } from '@/lib/auth-token';
import { meFixture } from '@/test/fixtures';
import { jsonResponse, sentRequest, stubApi } from '@/test/stub-api';
import { DESKTOP, PHONE, setViewport } from '@/test/viewport';
import { currentUrl, renderApp } from '@/test/render-app';

const meApi = { 'GET /api/me': () => jsonResponse(meFixture) };

describe('application shell', () => {
  it('shows a progress indicator while /api/me loads', async () => {
    stubApi({ 'GET /api/me': () => new Promise<Response>(() => {}) });
    renderApp('/gestion-des-finances', { token: 'jwt' });
    expect(await screen.findByRole('progressbar', { name: 'Chargement de votre session…' })).toBeInTheDocument();
  });

  it('shows the product, the first structure and the user, with the bearer token', async () => {
    const fetchMock = stubApi(meApi);
    renderApp('/gestion-des-finances', { token: 'jwt' });

    const bar = await screen.findByRole('banner');
    expect(within(bar).getByText('Gestion des finances')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Club Alpin de Lyon' })).toBeInTheDocument();
    expect(within(bar).getByText('Camille Martin')).toBeInTheDocument();
    expect(sentRequest(fetchMock).headers.get('Authorization')).toBe('Bearer jwt');
  });

  it('takes structureId from the URL only among the memberships', async () => {
    stubApi(meApi);
    renderApp('/gestion-des-finances?structureId=202', { token: 'jwt' });
    expect(await screen.findByRole('button', { name: 'Ligue Auvergne-Rhône-Alpes' })).toBeInTheDocument();
  });

  it('ignores a structureId that is not a membership', async () => {
    stubApi(meApi);
    renderApp('/gestion-des-finances?structureId=999', { token: 'jwt' });
    expect(await screen.findByRole('button', { name: 'Club Alpin de Lyon' })).toBeInTheDocument();
  });

  it('switches structure in the URL, on the same page', async () => {
    stubApi(meApi);
    const { user, router } = renderApp('/gestion-des-finances/rib?page=3&appMode=standalone', { token: 'jwt' });
    await user.click(await screen.findByRole('button', { name: 'Club Alpin de Lyon' }));
    await user.click(await screen.findByRole('menuitem', { name: /Ligue Auvergne-Rhône-Alpes/ }));

    await waitFor(() =>
      expect(currentUrl(router)).toBe('/gestion-des-finances/rib?appMode=standalone&structureId=202'),
    );
    expect(await screen.findByRole('button', { name: 'Ligue Auvergne-Rhône-Alpes' })).toBeInTheDocument();
  });

  it('hides the application bar when appMode=embedded, and links keep the context', async () => {
    stubApi(meApi);
    renderApp('/gestion-des-finances/recapitulatif?structureId=202&appMode=embedded', { token: 'jwt' });

    expect(await screen.findByRole('heading', { name: 'Récapitulatif mensuel' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByText('Se déconnecter')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour' })).toHaveAttribute(
      'href',
      '/gestion-des-finances?structureId=202&appMode=embedded',
    );
  });

  it('logs out: the server revokes the session, token gone, login page without a way back', async () => {
    const fetchMock = stubApi({ ...meApi, 'POST /api/auth/logout': () => new Response(null, { status: 204 }) });
    const { user, router } = renderApp('/gestion-des-finances/rib', { token: 'jwt' });
    await user.click(await screen.findByRole('button', { name: 'Se déconnecter' }));

    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(getToken()).toBeNull();
    expect(currentUrl(router)).toBe('/connexion');
    expect(screen.queryByText('Votre session a expiré, merci de vous reconnecter.')).not.toBeInTheDocument();
    const logoutCall = fetchMock.mock.calls.findIndex(([url]) => String(url) === '/api/auth/logout');
    expect(sentRequest(fetchMock, logoutCall).method).toBe('POST');
    expect(sentRequest(fetchMock, logoutCall).headers.get('Authorization')).toBe('Bearer jwt');
  });

  it('sends the user to the login page, with the way back, when the API answers 401', async () => {
    stubApi({ 'GET /api/me': () => jsonResponse({ message: 'Session expirée' }, 401) });
    const { router } = renderApp('/gestion-des-finances/rib?structureId=202', { token: 'expired-jwt' });

    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(getToken()).toBeNull();
    expect(screen.getByText('Votre session a expiré, merci de vous reconnecter.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/connexion');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/gestion-des-finances/rib?structureId=202',
    );
  });
});

describe('application bar on a phone (R-UI-12)', () => {
  afterEach(() => setViewport(DESKTOP.width, DESKTOP.height));

  it('folds the structure, the user and logout into one menu', async () => {
    setViewport(PHONE.width, PHONE.height);
    const fetchMock = stubApi({ ...meApi, 'POST /api/auth/logout': () => new Response(null, { status: 204 }) });
    const { user, router } = renderApp('/gestion-des-finances/rib', { token: 'jwt' });

    const bar = await screen.findByRole('banner');
    expect(within(bar).getByText('Gestion des finances')).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Se déconnecter' })).not.toBeInTheDocument();
    expect(within(bar).queryByText('Camille Martin')).not.toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Camille Martin')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: /Club Alpin de Lyon/ })).toHaveClass('Mui-selected');
    await user.click(within(menu).getByRole('menuitem', { name: 'Se déconnecter' }));

    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/connexion');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/auth/logout')).toBe(true);
  });

  it('switches structure from the menu, on the same page', async () => {
    setViewport(PHONE.width, PHONE.height);
    stubApi(meApi);
    const { user, router } = renderApp('/gestion-des-finances/rib', { token: 'jwt' });
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    await user.click(await screen.findByRole('menuitem', { name: /Ligue Auvergne-Rhône-Alpes/ }));
    await waitFor(() => expect(currentUrl(router)).toBe('/gestion-des-finances/rib?structureId=202'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
