import { type User, userResponseSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
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
        // A stored token whose member cannot be loaded ends the session (spec section 4). A failed
        // background reload of a member already known does not: real expiry is the 401 rules' job.
        if (!signal.aborted && client.getQueryData(currentUserQueryKey) === undefined) clearTokens();
        throw error;
      }
    },
    enabled,
    // The session has just been ended on failure, so a second try would go out without a token.
    retry: false,
  });
}
