/**
 * Who is signed in, derived from the stored tokens (docs/api.md, "auth"): with no token
 * there is no user and nothing loads; with one, GET /auth/me is fetched while a spinner shows. The
 * tokens are the single source of truth, so clearing them anywhere (sign-out, the API client's 401
 * rules, another tab) signs the member out here too. Must sit inside the router: it navigates.
 */
import { type AuthResponse, isMalformedToken } from '@stationbid/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isPublicOnlyPath } from '../../../config/paths.ts';
import { loginPathFor } from '../../../config/return-path.ts';
import { setSessionEndedHandler } from '../../../lib/api-client.ts';
import { clearTokens, getAccessToken, storeTokens, subscribeToTokens } from '../../../lib/token-storage.ts';
import { removeSignedInQueries, setCurrentUser, useCurrentUserQuery } from '../api/auth-queries.ts';
import { AuthContext, type AuthState } from '../hooks/use-auth.ts';

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const accessToken = useSyncExternalStore(subscribeToTokens, getAccessToken);
  const hasUsableToken = accessToken !== null && !isMalformedToken(accessToken);
  const currentUserQuery = useCurrentUserQuery({ enabled: hasUsableToken });

  // A stored token too short or without a dot can never be valid (LIMITS.malformedTokenMinLength): drop it unsent.
  useEffect(() => {
    if (accessToken !== null && isMalformedToken(accessToken)) clearTokens();
  }, [accessToken]);

  // Without a session no cached answer may outlive it, or the next member could see the last one's data.
  useEffect(() => {
    if (!hasUsableToken) removeSignedInQueries(queryClient);
  }, [hasUsableToken, queryClient]);

  // Public pages stay put: a stale token on a reset-password link must not hide the page. A member
  // whose session ran out mid-page comes back to it after signing in again.
  useEffect(
    () =>
      setSessionEndedHandler(() => {
        if (!isPublicOnlyPath(location.pathname)) navigate(loginPathFor(location), { replace: true });
      }),
    [navigate, location],
  );

  // A ref, not state: the tokens' store re-renders the pages the moment they are cleared, and the
  // guard that sends a signed-out visitor to sign in must already know why.
  const signedOutOnPurpose = useRef(false);
  const startSession = useCallback(
    (session: AuthResponse) => {
      signedOutOnPurpose.current = false;
      // The user goes in first so the new token never finds an empty cache and shows the spinner.
      setCurrentUser(queryClient, session.user);
      storeTokens(session);
    },
    [queryClient],
  );
  const endSession = useCallback(() => {
    signedOutOnPurpose.current = true;
    clearTokens();
  }, []);
  const hasSignedOut = useCallback(() => signedOutOnPurpose.current, []);

  const user = hasUsableToken ? (currentUserQuery.data ?? null) : null;
  const isLoading = hasUsableToken && currentUserQuery.isPending;
  const { error, refetch, isFetching } = currentUserQuery;
  const loadFailure = useMemo(
    () =>
      hasUsableToken && user === null && error !== null
        ? { error, retry: () => void refetch(), isRetrying: isFetching }
        : null,
    [hasUsableToken, user, error, refetch, isFetching],
  );
  const auth = useMemo<AuthState>(
    () => ({ user, isLoading, loadFailure, startSession, endSession, hasSignedOut }),
    [user, isLoading, loadFailure, startSession, endSession, hasSignedOut],
  );

  return <AuthContext value={auth}>{children}</AuthContext>;
}
