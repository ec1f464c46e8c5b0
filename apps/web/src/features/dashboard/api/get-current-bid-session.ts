import { currentSessionSummaryResponseSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { RUNNING_SESSION_POLL_MS } from './session-polling.ts';

export type CurrentBidSessionResponse = z.infer<typeof currentSessionSummaryResponseSchema>;

/**
 * Starts with the bid-sessions feature's root key ("bid-sessions"), so that feature's invalidations
 * after a start, pause or bid refresh the dashboard too.
 */
export const currentBidSessionQueryKey = ['bid-sessions', 'current'] as const;

/**
 * The summary view: the session's facts without its participants and stations (a few KB however
 * large the session); the pages that show more follow the session's board instead.
 */
export function getCurrentBidSession(signal?: AbortSignal): Promise<CurrentBidSessionResponse> {
  return apiRequest('/bid-sessions/current?view=summary', { schema: currentSessionSummaryResponseSchema, signal });
}

/**
 * The first active or paused session (else a scheduled one), or null. While the live stream follows
 * that session its events refresh this instead (`isFollowedLive`). Otherwise it is asked again every
 * 10 s, even while no session exists: a session created later has no id to follow yet, so this is
 * how it reaches an open dashboard. One light read, paused by React Query while the tab is hidden.
 */
export function useCurrentBidSessionQuery({ isFollowedLive }: { isFollowedLive: boolean }) {
  return useQuery({
    queryKey: currentBidSessionQueryKey,
    queryFn: ({ signal }) => getCurrentBidSession(signal),
    refetchInterval: isFollowedLive ? false : RUNNING_SESSION_POLL_MS,
  });
}
