import type { AuthResponse, User } from '@stationbid/domain';
import { createContext, use } from 'react';

export interface AuthState {
  /** The signed-in member, or null when signed out or while loading. */
  user: User | null;
  /** True while the member behind a stored token is being fetched. */
  isLoading: boolean;
  /**
   * Why the member behind a stored token could not be loaded when the server gave no verdict
   * (offline, timeout, server fault), with a retry; null otherwise. The tokens are kept meanwhile.
   */
  loadFailure: { error: unknown; retry: () => void; isRetrying: boolean } | null;
  /** Keeps the user and both tokens of a successful sign-in. */
  startSession: (session: AuthResponse) => void;
  /** Forgets the tokens and every cached answer, e.g. after sign-out. */
  endSession: () => void;
  /**
   * Whether the member signed out on purpose (endSession) since the last sign-in: the sign-in page
   * then opens plain, not as a way back to the page they left (a session that expired does).
   */
  hasSignedOut: () => boolean;
}

export const AuthContext = createContext<AuthState | null>(null);

/** The current member and session actions; only inside <AuthProvider>. */
export function useAuth(): AuthState {
  const auth = use(AuthContext);
  if (auth === null) throw new Error('useAuth must be used inside <AuthProvider>.');
  return auth;
}

/** The signed-in member, for screens behind the logged-in guard where a user always exists. */
export function useCurrentUser(): User {
  const { user } = useAuth();
  if (user === null) throw new Error('useCurrentUser must be used on a page behind the logged-in guard.');
  return user;
}
