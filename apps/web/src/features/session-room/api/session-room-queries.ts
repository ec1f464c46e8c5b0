/**
 * The live page's own queries of a session: its participant pages and who is connected. Their keys
 * are in the sessions' key tree (lib/session-queries.ts), where the live layer patches and
 * refreshes them; the board, the member's place and the history are read through that file too.
 */
import { TIMERS } from '@stationbid/domain';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { sessionQueryKeys } from '../../../lib/session-queries.ts';
import { userQueries } from '../../users/index.ts';
import { getConnectedParticipants } from './get-connected-participants.ts';
import { getParticipantPage } from './get-participant-page.ts';

export const sessionRoomQueries = {
  /**
   * The session's participants in queue order, a page at a time, filtered by the server. Live events
   * patch the loaded pages (turn, outcome, seat); they are read again only when the board is.
   */
  participantPages: (sessionId: string, search: string) =>
    infiniteQueryOptions({
      queryKey: sessionQueryKeys.participantPagesFor(sessionId, search),
      queryFn: ({ pageParam, signal }) => getParticipantPage(sessionId, { cursor: pageParam, search }, signal),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      staleTime: Number.POSITIVE_INFINITY,
      // While a new search is answered, the old rows stay rather than the list collapsing.
      placeholderData: keepPreviousData,
    }),
  /**
   * Who has the live page open now (joined and seen in the last 2 minutes), counted by the server,
   * with the first few named. Presence sends no event: it is read again every 30 seconds.
   */
  connected: (sessionId: string) =>
    queryOptions({
      queryKey: sessionQueryKeys.connected(sessionId),
      queryFn: ({ signal }) => getConnectedParticipants(sessionId, signal),
      refetchInterval: TIMERS.liveRefreshMs,
    }),
};

export function useParticipantPagesQuery(sessionId: string, search: string, enabled: boolean) {
  return useInfiniteQuery({ ...sessionRoomQueries.participantPages(sessionId, search), enabled });
}

export function useConnectedParticipantsQuery(sessionId: string) {
  return useQuery(sessionRoomQueries.connected(sessionId));
}

/**
 * The member's bid preferences, the profile's own entry (features/users), so a save there or in a
 * ranked-list editor shows here at once; the session room reads only the ranked seat choices. Read
 * only for a participant: a watcher (an administrator) has no list to bid from.
 */
export function useRankedChoicesQuery({ enabled }: { enabled: boolean }) {
  return useQuery({ ...userQueries.bidPreferences(), enabled });
}
