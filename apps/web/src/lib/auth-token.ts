import type { LoginResponse } from '@gdf/domain';
import { useSyncExternalStore } from 'react';
import { discardBody } from './discard-body';

/**
 * The access token lives in this module's memory only: no script of the page can read it
 * from storage, and it lasts minutes. The session itself is an httpOnly cookie scoped to
 * /api/auth: a reload or a new tab of the same browser asks POST /api/auth/refresh for a
 * new access token (the cookie is rotated each time; Web Locks keep two tabs from
 * refreshing at the same instant, and the server forgives a just-rotated cookie anyway).
 */
const REFRESH_ENDPOINT = '/api/auth/refresh';
const LOGOUT_ENDPOINT = '/api/auth/logout';
const REFRESH_LOCK = 'gdf.session.refresh';
const BROADCAST_CHANNEL = 'gdf.session';

/** Why the token went away: after a logout the login page should not offer to come back. */
export type TokenClearReason = 'logout' | 'expired';

/** 'unknown' until the first refresh (at start-up) has answered. */
export type SessionStatus = 'unknown' | 'signed-in' | 'signed-out';

interface State {
  token: string | null;
  status: SessionStatus;
  clearReason: TokenClearReason | undefined;
}

let state: State = { token: null, status: 'unknown', clearReason: undefined };
const listeners = new Set<() => void>();
let refreshing: Promise<string | null> | null = null;

function update(next: Partial<State>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return state.token;
}

export function getSessionStatus(): SessionStatus {
  return state.status;
}

export function setToken(token: string): void {
  update({ token, status: 'signed-in', clearReason: undefined });
}

export function clearToken(reason: TokenClearReason): void {
  if (state.status === 'signed-out' && state.token === null) return;
  update({ token: null, status: 'signed-out', clearReason: reason });
}

export function getLastClearReason(): TokenClearReason | undefined {
  return state.clearReason;
}

export function subscribeToToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A new access token from the refresh cookie; null when there is no session (any more).
 * Concurrent callers of this tab share one request.
 */
export function refreshSession(): Promise<string | null> {
  refreshing ??= withRefreshLock(requestRefresh).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Start-up: a page opened in a new tab finds the browser's session without the password. */
export function startSessionCheck(): void {
  if (state.status === 'unknown') void refreshSession();
}

async function requestRefresh(): Promise<string | null> {
  let response: Response;
  try {
    response = await fetch(REFRESH_ENDPOINT, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    // Offline or server down: keep what we have; the next call will try again.
    if (state.status === 'unknown') update({ status: 'signed-out' });
    return null;
  }
  if (response.ok) {
    const { token } = (await response.json()) as LoginResponse;
    setToken(token);
    return token;
  }
  await discardBody(response);
  if (state.status === 'signed-in') clearToken('expired');
  else update({ status: 'signed-out' });
  return null;
}

/** Web Locks serialise refreshes across the tabs of this browser (where supported). */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? locks.request(REFRESH_LOCK, task) : task();
}

/** 'Se déconnecter': the server revokes the session at once; every tab of this browser follows. */
export async function logout(): Promise<void> {
  const token = state.token;
  clearToken('logout');
  broadcast()?.postMessage('logout');
  try {
    const answer = await fetch(LOGOUT_ENDPOINT, {
      method: 'POST',
      credentials: 'same-origin',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    await discardBody(answer);
  } catch {
    // The access token is gone from this page anyway and expires within minutes.
  }
}

let channel: BroadcastChannel | null | undefined;
function broadcast(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(BROADCAST_CHANNEL) : null;
    // Node (tests) would otherwise keep running for the channel's sake.
    (channel as { unref?: () => void } | null)?.unref?.();
    channel?.addEventListener('message', (event) => {
      if (event.data === 'logout') clearToken('logout');
    });
  }
  return channel;
}
broadcast();

/** Tests: back to a fresh page load. */
export function resetSessionForTests(): void {
  refreshing = null;
  state = { token: null, status: 'unknown', clearReason: undefined };
}

/** The current token, re-rendering when it is set or cleared (login, logout, 401). */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribeToToken, getToken, getToken);
}

export function useSessionStatus(): SessionStatus {
  return useSyncExternalStore(subscribeToToken, getSessionStatus, getSessionStatus);
}
