import { type BidPreferences, bidPreferencesResponseSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The member's bid preferences (GET /users/preferences), under the same cache key as the profile's
 * Bid Preferences dialog (features/users), so a save there or in a ranked-list editor shows here at
 * once. The session room reads only the ranked seat choices from it.
 */
export const rankedChoicesQueryKey = ['users', 'preferences'] as const;

export async function getBidPreferencesForSession(signal?: AbortSignal): Promise<BidPreferences> {
  const { preferences } = await apiRequest('/users/preferences', { schema: bidPreferencesResponseSchema, signal });
  return preferences;
}

/** Read only for a participant: a watcher (an administrator) has no list to bid from. */
export function useRankedChoicesQuery({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: rankedChoicesQueryKey,
    queryFn: ({ signal }) => getBidPreferencesForSession(signal),
    enabled,
  });
}
