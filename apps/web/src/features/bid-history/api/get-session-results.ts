import { type SessionResults, sessionResultsResponseSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionResultsQueryKey } from './bid-history-query-keys.ts';

export async function getSessionResults(sessionId: string, signal?: AbortSignal): Promise<SessionResults> {
  const { results } = await apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/results`, {
    schema: sessionResultsResponseSchema,
    signal,
  });
  return results;
}

/** A session's statistics, participants and history (its participants and administrators may read them). */
export function useSessionResultsQuery(sessionId: string) {
  return useQuery({
    queryKey: sessionResultsQueryKey(sessionId),
    queryFn: ({ signal }) => getSessionResults(sessionId, signal),
  });
}
