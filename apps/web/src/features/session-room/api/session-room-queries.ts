/**
 * The session room's own queries of a session: its participant pages, who is connected, and the
 * member's own forecast. Their keys are in the sessions' key tree (lib/session-queries.ts), where
 * the live layer patches and refreshes them; the board, the member's place and the history are read
 * through that file too.
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
import { getForecast } from './get-forecast.ts';
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
  /**
   * The member's own forecast as of a board version (the screen follows the board's version, see
   * hooks/use-forecast.ts). While the server is still working out the newest version's answer it
   * sends the last one with `upToDate: false`; that one is asked for again shortly, since no event
   * may come to move the version on.
   */
  forecast: (sessionId: string, version: number) =>
    queryOptions({
      queryKey: sessionQueryKeys.forecastAt(sessionId, version),
      queryFn: ({ signal }) => getForecast(sessionId, signal),
      refetchInterval: (query) => (query.state.data?.upToDate === false ? FORECAST_UPDATING_RETRY_MS : false),
      // The version before stays on screen while the next one is read, rather than a loader each pick.
      placeholderData: keepPreviousData,
    }),
};

/** How soon a forecast the server was still working out is asked for again. */
export const FORECAST_UPDATING_RETRY_MS = 3000;

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
