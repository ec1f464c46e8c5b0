import { type SessionHistoryEntry, sessionHistoryResponseSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { liveHistoryQueryKey } from './live-bidding-query-keys.ts';

export function getLiveHistory(sessionId: string, signal?: AbortSignal): Promise<SessionHistoryEntry[]> {
  return apiRequest(`/bid-sessions/history?sessionId=${encodeURIComponent(sessionId)}`, {
    schema: sessionHistoryResponseSchema,
    signal,
  }).then(({ history }) => history);
}

/** Everything that happened in the session, as the server recorded it. */
export function useLiveHistoryQuery(sessionId: string, pollIntervalMs: number | false, enabled: boolean) {
  return useQuery({
    queryKey: liveHistoryQueryKey(sessionId),
    queryFn: ({ signal }) => getLiveHistory(sessionId, signal),
    refetchInterval: pollIntervalMs,
    staleTime: 0,
    enabled,
  });
}
