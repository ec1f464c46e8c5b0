import { type BidSessionDetail, bidSessionResponseSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { liveSessionQueryKey } from './live-bidding-query-keys.ts';

export function getLiveSession(sessionId: string, signal?: AbortSignal): Promise<BidSessionDetail> {
  return apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}`, {
    schema: bidSessionResponseSchema,
    signal,
  }).then(({ session }) => session);
}

/**
 * The session with its participants and free seats. Live events refresh it; `pollIntervalMs` only
 * covers for the stream while it is down (spec section 9).
 */
export function useLiveSessionQuery(sessionId: string, pollIntervalMs: number | false) {
  return useQuery({
    queryKey: liveSessionQueryKey(sessionId),
    queryFn: ({ signal }) => getLiveSession(sessionId, signal),
    refetchInterval: pollIntervalMs,
    // A turn must not wait for the 5-minute stale time when the page opens again.
    staleTime: 0,
    // An unknown session is answered at once with "Session Not Found", not retried.
    retry: false,
  });
}
