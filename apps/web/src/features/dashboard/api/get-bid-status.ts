import { bidStatusResponseSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { isRunningSession, RUNNING_SESSION_POLL_MS } from './session-polling.ts';

export type BidStatusResponse = z.infer<typeof bidStatusResponseSchema>;

export const bidStatusQueryKey = ['users', 'bid-status'] as const;

export function getBidStatus(signal?: AbortSignal): Promise<BidStatusResponse> {
  return apiRequest('/users/bid-status', { schema: bidStatusResponseSchema, signal });
}

/**
 * The member's place in the current session and whether it is their turn. Polled while the session
 * runs and the live stream is down; with the stream up, its events ask again (see DashboardPage).
 */
export function useBidStatusQuery({ isFollowedLive }: { isFollowedLive: boolean }) {
  return useQuery({
    queryKey: bidStatusQueryKey,
    queryFn: ({ signal }) => getBidStatus(signal),
    refetchInterval: (query) =>
      !isFollowedLive && isRunningSession(query.state.data?.session?.status) ? RUNNING_SESSION_POLL_MS : false,
  });
}
