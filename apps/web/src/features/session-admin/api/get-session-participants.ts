import { participantPageResponseSchema } from '@stationbid/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionParticipantsQueryKey } from './bid-session-query-keys.ts';

/** Rows per request: a session may have 20,000 participants; the dialog shows them a page at a time. */
export const SESSION_PARTICIPANTS_PAGE_SIZE = 100;

/** A session's participants in queue order, a page at a time (the cursor is the last queue position read). */
export function useSessionParticipantsQuery(sessionId: string) {
  return useInfiniteQuery({
    queryKey: sessionParticipantsQueryKey(sessionId),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(SESSION_PARTICIPANTS_PAGE_SIZE) });
      if (pageParam !== undefined) query.set('cursor', String(pageParam));
      return apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/participants?${query}`, {
        schema: participantPageResponseSchema,
        signal,
      });
    },
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // Outcomes change turn by turn: read them again each time the dialog opens.
    staleTime: 0,
  });
}
