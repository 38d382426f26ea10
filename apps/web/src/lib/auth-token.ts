import { useSyncExternalStore } from 'react';

/**
 * The bearer token lives in sessionStorage: it survives a reload but not the end of the
 * browser session, and each tab of a shared office computer logs in on its own.
 */
export const TOKEN_STORAGE_KEY = 'gdf.token';
const CLEAR_REASON_STORAGE_KEY = 'gdf.token.clearedBy';

/** Why the token went away: after a logout the login page should not offer to come back. */
export type TokenClearReason = 'logout' | 'expired';

const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined; // Storage disabled by the browser's privacy settings.
  }
}

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_STORAGE_KEY) ?? null;
}

export function setToken(token: string): void {
  storage()?.setItem(TOKEN_STORAGE_KEY, token);
  storage()?.removeItem(CLEAR_REASON_STORAGE_KEY);
  notify();
}

export function clearToken(reason: TokenClearReason): void {
  if (getToken() === null) return;
  storage()?.removeItem(TOKEN_STORAGE_KEY);
  storage()?.setItem(CLEAR_REASON_STORAGE_KEY, reason);
  notify();
}

export function getLastClearReason(): TokenClearReason | undefined {
  const reason = storage()?.getItem(CLEAR_REASON_STORAGE_KEY);
  return reason === 'logout' || reason === 'expired' ? reason : undefined;
}

export function subscribeToToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** The current token, re-rendering when it is set or cleared (login, logout, 401). */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribeToToken, getToken, getToken);
}
