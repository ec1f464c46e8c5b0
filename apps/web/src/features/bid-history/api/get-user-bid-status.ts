import { bidStatusResponseSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { userBidStatusQueryKey } from './bid-history-query-keys.ts';

export type UserBidStatus = z.infer<typeof bidStatusResponseSchema>;

export function getUserBidStatus(signal?: AbortSignal): Promise<UserBidStatus> {
  return apiRequest('/users/bid-status', { schema: bidStatusResponseSchema, signal });
}

/** The member's current session (active or paused, else scheduled) and their place in it, if any. */
export function useUserBidStatusQuery() {
  return useQuery({
    queryKey: userBidStatusQueryKey,
    // Bids are placed on other screens that do not know this cache; reload whenever a screen opens.
    staleTime: 0,
    queryFn: ({ signal }) => getUserBidStatus(signal),
  });
}
