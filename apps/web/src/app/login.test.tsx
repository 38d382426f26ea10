import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken } from '@/lib/auth-token';
import { meFixture } from '@/test/fixtures';
import { jsonResponse, sentRequest, stubApi } from '@/test/stub-api';
import { currentUrl, renderApp } from '@/test/render-app';

async function fillAndSubmitWithEnter(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText(/Adresse e-mail/), 'Camille.Martin@Example.fr');
  await user.type(screen.getByLabelText(/Mot de passe/), 'secret{Enter}');
}

describe('login page', () => {
  it('shows the validation messages and sends nothing when the fields are wrong', async () => {
    const fetchMock = stubApi({ 'POST /api/auth/refresh': () => jsonResponse({ message: 'Session' }, 401) });
    const { user } = renderApp('/connexion');
    await user.click(await screen.findByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByText('Adresse e-mail invalide')).toBeInTheDocument();
    expect(screen.getByText('Mot de passe obligatoire')).toBeInTheDocument();
    expect(screen.getByText('Merci de corriger les champs')).toBeInTheDocument();
    // Only the start-up look for a session cookie; no login sent.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/auth/refresh']);
  });

  it("shows the server's French message on 401 (Enter submits)", async () => {
    stubApi({
      'POST /api/auth/login': () => jsonResponse({ message: 'Adresse e-mail ou mot de passe incorrect.' }, 401),
    });
    const { user } = renderApp('/connexion');
    await fillAndSubmitWithEnter(user);

    expect(await screen.findByText('Adresse e-mail ou mot de passe incorrect.')).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it("falls back to 'Identifiants incorrects' when the 401 has no message", async () => {
    stubApi({ 'POST /api/auth/login': () => new Response('', { status: 401 }) });
    const { user } = renderApp('/connexion');
    await fillAndSubmitWithEnter(user);

    expect(await screen.findByText('Identifiants incorrects')).toBeInTheDocument();
  });

  it('disables the button while the login is on its way', async () => {
    stubApi({ 'POST /api/auth/login': () => new Promise<Response>(() => {}) });
    const { user } = renderApp('/connexion');
    await fillAndSubmitWithEnter(user);

    await waitFor(() => expect(screen.getByRole('button', { name: /Se connecter/ })).toBeDisabled());
  });

  it('keeps the token in memory only and goes back to the page that asked for the login', async () => {
    const fetchMock = stubApi({
      'POST /api/auth/login': () => jsonResponse({ token: 'jwt-abc', expiresAt: '2030-01-01T00:00:00Z' }),
      'GET /api/me': () => jsonResponse(meFixture),
    });
    const { user, router } = renderApp(
      '/connexion?redirect=%2Fgestion-des-finances%2Frecapitulatif%3FstructureId%3D202',
    );
    await fillAndSubmitWithEnter(user);

    expect(await screen.findByRole('heading', { name: 'Récapitulatif mensuel' })).toBeInTheDocument();
    expect(getToken()).toBe('jwt-abc');
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(0);
    expect(currentUrl(router)).toBe('/gestion-des-finances/recapitulatif?structureId=202');

    const login = sentRequest(fetchMock, 1); // 0: the start-up refresh, answered 404 (no session)
    expect(await login.json()).toEqual({ email: 'camille.martin@example.fr', password: 'secret' });
    expect(login.headers.get('Authorization')).toBeNull();
    expect(sentRequest(fetchMock, 2).headers.get('Authorization')).toBe('Bearer jwt-abc');
  });

  it('refuses to redirect to another site after login', async () => {
    stubApi({
      'POST /api/auth/login': () => jsonResponse({ token: 'jwt-abc', expiresAt: '2030-01-01T00:00:00Z' }),
      'GET /api/me': () => jsonResponse(meFixture),
    });
    const { user, router } = renderApp('/connexion?redirect=%2F%2Fevil.example');
    await fillAndSubmitWithEnter(user);

    expect(await screen.findByRole('heading', { name: 'Gestion des finances', level: 1 })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/gestion-des-finances');
  });
});
