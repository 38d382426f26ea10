import { describe, expect, it } from 'vitest';
import { jsonResponse, sentRequest, stubApi } from '@/test/stub-api';
import { ApiError, apiFetch } from './api-client';
import { getSessionStatus, getToken, logout, refreshSession, setToken, startSessionCheck } from './auth-token';

const urls = (fetchMock: ReturnType<typeof stubApi>) => fetchMock.mock.calls.map(([url]) => String(url));
const bearerOf = (request: Request) => request.headers.get('Authorization');

describe('access token in memory, renewed through the session cookie (R-SEC-03)', () => {
  it('finds the session of this browser at start-up (a new tab) without storing the token', async () => {
    const fetchMock = stubApi({ 'POST /api/auth/refresh': () => jsonResponse({ token: 'jwt-1', expiresAt: 'x' }) });
    expect(getSessionStatus()).toBe('unknown');
    startSessionCheck();
    await refreshSession();
    expect(getToken()).toBe('jwt-1');
    expect(getSessionStatus()).toBe('signed-in');
    expect(sentRequest(fetchMock, 0).method).toBe('POST');
    expect(sentRequest(fetchMock, 0).credentials).toBe('same-origin');
    expect(sessionStorage.length + localStorage.length).toBe(0);
  });

  it('is signed out when the refresh cookie is missing or refused', async () => {
    stubApi({ 'POST /api/auth/refresh': () => jsonResponse({ message: 'Session expirée' }, 401) });
    expect(await refreshSession()).toBeNull();
    expect(getSessionStatus()).toBe('signed-out');
  });

  it('on a 401, refreshes once and sends the request again with the new token', async () => {
    setToken('old');
    const fetchMock = stubApi({
      'GET /api/me': (request) =>
        bearerOf(request) === 'Bearer new' ? jsonResponse({ ok: true }) : jsonResponse({ message: 'expiré' }, 401),
      'POST /api/auth/refresh': () => jsonResponse({ token: 'new', expiresAt: 'x' }),
    });
    expect(await apiFetch('/api/me')).toEqual({ ok: true });
    expect(urls(fetchMock)).toEqual(['/api/me', '/api/auth/refresh', '/api/me']);
    expect(getToken()).toBe('new');
  });

  it('shares one refresh between concurrent calls that got a 401', async () => {
    setToken('old');
    const fetchMock = stubApi({
      'GET /api/a': (request) => jsonResponse({}, bearerOf(request) === 'Bearer new' ? 200 : 401),
      'GET /api/b': (request) => jsonResponse({}, bearerOf(request) === 'Bearer new' ? 200 : 401),
      'POST /api/auth/refresh': () => jsonResponse({ token: 'new', expiresAt: 'x' }),
    });
    await Promise.all([apiFetch('/api/a'), apiFetch('/api/b')]);
    expect(urls(fetchMock).filter((url) => url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('ends the session when the refresh is refused: no second retry, reason "expired"', async () => {
    setToken('old');
    const fetchMock = stubApi({
      'GET /api/me': () => jsonResponse({ message: 'expiré' }, 401),
      'POST /api/auth/refresh': () => jsonResponse({ message: 'Session expirée' }, 401),
    });
    await expect(apiFetch('/api/me')).rejects.toBeInstanceOf(ApiError);
    expect(urls(fetchMock)).toEqual(['/api/me', '/api/auth/refresh']);
    expect(getToken()).toBeNull();
    expect(getSessionStatus()).toBe('signed-out');
  });

  it('ends the session when the request is refused again with the renewed token', async () => {
    setToken('old');
    const fetchMock = stubApi({
      'GET /api/me': () => jsonResponse({ message: 'révoquée' }, 401),
      'POST /api/auth/refresh': () => jsonResponse({ token: 'new', expiresAt: 'x' }),
    });
    await expect(apiFetch('/api/me')).rejects.toMatchObject({ status: 401 });
    expect(urls(fetchMock)).toEqual(['/api/me', '/api/auth/refresh', '/api/me']);
    expect(getToken()).toBeNull();
  });

  it('does not refresh for a call made without a session (the login form)', async () => {
    const fetchMock = stubApi({ 'POST /api/auth/login': () => jsonResponse({ message: 'incorrect' }, 401) });
    await expect(apiFetch('/api/auth/login', { method: 'POST', authenticated: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(urls(fetchMock)).toEqual(['/api/auth/login']);
  });

  it('logout forgets the token and asks the server to revoke the session', async () => {
    setToken('jwt');
    const fetchMock = stubApi({ 'POST /api/auth/logout': () => new Response(null, { status: 204 }) });
    await logout();
    expect(getToken()).toBeNull();
    expect(urls(fetchMock)).toEqual(['/api/auth/logout']);
    expect(bearerOf(sentRequest(fetchMock, 0))).toBe('Bearer jwt');
  });

  it('reads every answer, used or not, so that no response stays open and the page reaches network idle', async () => {
    const answered = async (fetchMock: ReturnType<typeof stubApi>) =>
      Promise.all(fetchMock.mock.results.map((result) => result.value as Promise<Response>));
    // Start-up without a session: the refused refresh.
    let fetchMock = stubApi({ 'POST /api/auth/refresh': () => jsonResponse({ message: 'Session expirée' }, 401) });
    startSessionCheck();
    await refreshSession();
    expect((await answered(fetchMock)).map((response) => response.bodyUsed)).toEqual([true]);
    // A call whose token ran out: its first 401, the refresh, the call again.
    setToken('old');
    fetchMock = stubApi({
      'GET /api/me': (request) =>
        bearerOf(request) === 'Bearer new' ? jsonResponse({ ok: true }) : jsonResponse({ message: 'expiré' }, 401),
      'POST /api/auth/refresh': () => jsonResponse({ token: 'new', expiresAt: 'x' }),
    });
    await apiFetch('/api/me');
    expect((await answered(fetchMock)).map((response) => response.bodyUsed)).toEqual([true, true, true]);
    // 'Se déconnecter': the server's answer.
    fetchMock = stubApi({ 'POST /api/auth/logout': () => jsonResponse({ ok: true }) });
    await logout();
    expect((await answered(fetchMock)).map((response) => response.bodyUsed)).toEqual([true]);
  });
});
