/**
 * The signed-in member as the app shell knows them: the cache key, the query and the ways other
 * features write a changed member into it.
 */
import type { User } from '@stationbid/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { isRefusal } from '../../../lib/api-client.ts';
import { clearTokens } from '../../../lib/token-storage.ts';
import { getCurrentUser } from './get-current-user.ts';

export const authQueryKeys = {
  currentUser: ['auth', 'current-user'] as const,
};

export const authQueries = {
  currentUser: () =>
    queryOptions({
      queryKey: authQueryKeys.currentUser,
      queryFn: async ({ client, signal }) => {
        try {
          return await getCurrentUser(signal);
        } catch (error) {
          // A stored token whose member the server refuses (deleted, deactivated) ends the session
          // (docs/api.md, "auth"). No answer at all (offline, a timeout, the page unloading mid-request) or
          // a server fault does not: signing a member out because their phone lost signal for a moment
          // would cost them their turn. The screen offers Try Again instead.
          if (!signal.aborted && client.getQueryData(authQueryKeys.currentUser) === undefined && isRefusal(error)) {
            clearTokens();
          }
          throw error;
        }
      },
    }),
};

export function useCurrentUserQuery({ enabled }: { enabled: boolean }) {
  return useQuery({ ...authQueries.currentUser(), enabled });
}

/** The member signed in or saved their own record: the shell shows the answer without a read. */
export function setCurrentUser(queryClient: QueryClient, user: User): void {
  queryClient.setQueryData(authQueryKeys.currentUser, user);
}

/** A member was changed by an administrator: when it is the signed-in one, the shell's copy follows. */
export function updateCurrentUserIfSame(queryClient: QueryClient, changedUser: User): void {
  queryClient.setQueryData<User>(authQueryKeys.currentUser, (current) =>
    current?.id === changedUser.id ? changedUser : current,
  );
}

/**
 * Forgets every cached answer of a session that ended, so the next member never sees the last
 * one's data; the server's public answers (keys starting 'public', such as whether the sign-in page
 * offers single sign-on) are no one's data and stay.
 */
export function removeSignedInQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'public' });
}
