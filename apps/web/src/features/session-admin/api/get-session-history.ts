import { type SessionHistoryEntry, sessionHistoryResponseSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionHistoryQueryKey } from './bid-session-query-keys.ts';

export async function getSessionHistory(sessionId: string, signal?: AbortSignal): Promise<SessionHistoryEntry[]> {
  const { history } = await apiRequest(`/bid-sessions/history?sessionId=${encodeURIComponent(sessionId)}`, {
    schema: sessionHistoryResponseSchema,
    signal,
  });
  return history;
}

/** Everything that happened in a session, as the server recorded it. */
export function useSessionHistoryQuery(sessionId: string) {
  return useQuery({
    queryKey: sessionHistoryQueryKey(sessionId),
    queryFn: ({ signal }) => getSessionHistory(sessionId, signal),
    staleTime: 0,
  });
}
