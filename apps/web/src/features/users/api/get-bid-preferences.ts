import { type BidPreferences, bidPreferencesResponseSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Cache key of the signed-in member's bid preferences; a save writes its answer here. */
export const bidPreferencesQueryKey = ['users', 'preferences'] as const;

export async function getBidPreferences(signal?: AbortSignal): Promise<BidPreferences> {
  const { preferences } = await apiRequest('/users/preferences', { schema: bidPreferencesResponseSchema, signal });
  return preferences;
}

/** The member's bid preferences (schemas/bid-preferences.ts), read when the Bid Preferences dialog opens. */
export function useBidPreferencesQuery({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: bidPreferencesQueryKey,
    queryFn: ({ signal }) => getBidPreferences(signal),
    enabled,
  });
}
