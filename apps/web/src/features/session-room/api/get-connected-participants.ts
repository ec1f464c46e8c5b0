import { participantPageResponseSchema, TIMERS } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** How many connected participants the live page names; the count covers them all. */
export const CONNECTED_SHOWN_COUNT = 50;

/**
 * Who has the live page open now (joined and seen in the last 2 minutes), counted by the server,
 * with the first few named. Presence sends no event: it is read again every 30 seconds.
 */
export function useConnectedParticipantsQuery(sessionId: string) {
  return useQuery({
    queryKey: ['bid-sessions', 'connected', sessionId] as const,
    queryFn: ({ signal }) =>
      apiRequest(
        `/bid-sessions/${encodeURIComponent(sessionId)}/participants?connected=true&limit=${CONNECTED_SHOWN_COUNT}`,
        { schema: participantPageResponseSchema, signal },
      ),
    refetchInterval: TIMERS.liveRefreshMs,
  });
}
