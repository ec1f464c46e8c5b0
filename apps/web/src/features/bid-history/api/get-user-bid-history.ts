import { userBidHistoryResponseSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { userBidHistoryQueryKey } from './bid-history-query-keys.ts';

export type UserBidHistoryEntry = z.infer<typeof userBidHistoryResponseSchema>['bidHistory'][number];

export async function getUserBidHistory(signal?: AbortSignal): Promise<UserBidHistoryEntry[]> {
  const { bidHistory } = await apiRequest('/users/bid-history', { schema: userBidHistoryResponseSchema, signal });
  return bidHistory;
}

/** The signed-in member's accepted bids; the page and the profile read the same cache entry. */
export function useUserBidHistoryQuery() {
  return useQuery({
    queryKey: userBidHistoryQueryKey,
    // Bids are placed on other screens that do not know this cache; reload whenever a screen opens.
    staleTime: 0,
    queryFn: ({ signal }) => getUserBidHistory(signal),
  });
}
