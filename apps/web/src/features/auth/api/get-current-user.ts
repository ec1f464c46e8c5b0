import { type User, userResponseSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, isRefusal } from '../../../lib/api-client.ts';
import { clearTokens } from '../../../lib/token-storage.ts';

/** Cache key of the signed-in member; update it with setQueryData after the member changes. */
export const currentUserQueryKey = ['auth', 'current-user'] as const;

export async function getCurrentUser(signal?: AbortSignal): Promise<User> {
  const { user } = await apiRequest('/auth/me', { schema: userResponseSchema, signal });
  return user;
}

export function useCurrentUserQuery({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: currentUserQueryKey,
    queryFn: async ({ client, signal }) => {
      try {
        return await getCurrentUser(signal);
      } catch (error) {
        // A stored token whose member the server refuses (deleted, deactivated) ends the session
        // (docs/api.md, "auth"). No answer at all (offline, a timeout, the page unloading mid-request) or
        // a server fault does not: signing a member out because their phone lost signal for a moment
        // would cost them their turn. The screen offers Try Again instead.
        if (!signal.aborted && client.getQueryData(currentUserQueryKey) === undefined && isRefusal(error)) {
          clearTokens();
        }
        throw error;
      }
    },
    enabled,
  });
}
