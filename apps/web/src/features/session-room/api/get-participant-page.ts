import { type ParticipantPage, participantPageResponseSchema } from '@stationbid/domain';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionQueryKeys } from '../../../lib/session-queries.ts';

/** Rows per request: a screenful several times over, small enough to answer in a few milliseconds. */
export const PARTICIPANT_PAGE_SIZE = 100;

export function getParticipantPage(
  sessionId: string,
  { cursor, search }: { cursor: number | undefined; search: string },
  signal?: AbortSignal,
): Promise<ParticipantPage> {
  const query = new URLSearchParams({ limit: String(PARTICIPANT_PAGE_SIZE) });
  if (cursor !== undefined) query.set('cursor', String(cursor));
  if (search !== '') query.set('search', search);
  return apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/participants?${query}`, {
    schema: participantPageResponseSchema,
    signal,
  });
}

/**
 * The session's participants in queue order, a page at a time, filtered by the server. Live events
 * patch the loaded pages (turn, outcome, seat); they are read again only when the board is.
 */
export function participantPagesQueryOptions(sessionId: string, search: string) {
  return infiniteQueryOptions({
    queryKey: [...sessionQueryKeys.participantPages(sessionId), { search }] as const,
    queryFn: ({ pageParam, signal }) => getParticipantPage(sessionId, { cursor: pageParam, search }, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    staleTime: Number.POSITIVE_INFINITY,
    // While a new search is answered, the old rows stay rather than the list collapsing.
    placeholderData: keepPreviousData,
  });
}

export function useParticipantPagesQuery(sessionId: string, search: string, enabled: boolean) {
  return useInfiniteQuery({ ...participantPagesQueryOptions(sessionId, search), enabled });
}
