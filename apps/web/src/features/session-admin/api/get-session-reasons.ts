import { sessionResultsResponseSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionReasonsQueryKey } from './bid-session-query-keys.ts';

/**
 * "Why this seat" for each participant of a completed session (issue 16), by participant id: the
 * reasons the results carry, built by the server from the session's history. Read only once the
 * session has completed (`enabled`), when every participant has one and they no longer change.
 */
export function useSessionReasonsQuery(sessionId: string, enabled: boolean) {
  return useQuery({
    queryKey: sessionReasonsQueryKey(sessionId),
    queryFn: async ({ signal }) => {
      const { results } = await apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/results`, {
        schema: sessionResultsResponseSchema,
        signal,
      });
      return new Map(results.participants.map((participant) => [participant.id, participant.reason]));
    },
    enabled,
  });
}
