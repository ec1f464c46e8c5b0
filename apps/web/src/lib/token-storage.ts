/**
 * The session's two tokens, kept in local storage under the keys the spec fixes (`token` and
 * `refreshToken`). Subscribers hear every change, including sign-in or sign-out in another tab, so
 * the auth state can follow the tokens instead of keeping a second copy of them.
 */
import type { AuthResponse } from '@stationbid/domain';

const ACCESS_TOKEN_KEY = 'token';
const REFRESH_TOKEN_KEY = 'refreshToken';

export type TokenPair = Pick<AuthResponse, 'token' | 'refreshToken'>;

const listeners = new Set<() => void>();

function notifyListeners(): void {
  for (const listener of listeners) listener();
}

export function getAccessToken(): string | null {
  return localStorage.getItem(ACCESS_TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(REFRESH_TOKEN_KEY);
}

export function storeTokens({ token, refreshToken }: TokenPair): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, token);
  localStorage.setItem(REFRESH_TOKEN_KEY, refreshToken);
  notifyListeners();
}

export function clearTokens(): void {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  localStorage.removeItem(REFRESH_TOKEN_KEY);
  notifyListeners();
}

/** Calls `listener` whenever the tokens change here or in another tab; returns the unsubscribe. */
export function subscribeToTokens(listener: () => void): () => void {
  // `key` is null when another tab cleared the whole storage.
  const handleStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ACCESS_TOKEN_KEY || event.key === REFRESH_TOKEN_KEY) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', handleStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', handleStorage);
  };
}
