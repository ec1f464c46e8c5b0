/**
 * The member's own bidding record: their accepted bids, their current bid status and a session's
 * results. The keys sit under `memberQueryKeys.bidHistory` (lib/member-queries.ts), so a bid placed
 * on another screen refreshes all of them with `invalidateBidHistory`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberQueryKeys } from '../../../lib/member-queries.ts';
import { getSessionResults } from './get-session-results.ts';
import { getUserBidHistory } from './get-user-bid-history.ts';
import { getUserBidStatus } from './get-user-bid-status.ts';

export const bidHistoryQueryKeys = {
  all: memberQueryKeys.bidHistory,
  mine: [...memberQueryKeys.bidHistory, 'mine'] as const,
  bidStatus: [...memberQueryKeys.bidHistory, 'bid-status'] as const,
  sessionResults: (sessionId: string) => [...memberQueryKeys.bidHistory, 'results', sessionId] as const,
};

export const bidHistoryQueries = {
  /** The signed-in member's accepted bids; the page and the profile read the same cache entry. */
  mine: () =>
    queryOptions({
      queryKey: bidHistoryQueryKeys.mine,
      // Bids are placed on other screens that do not know this cache; reload whenever a screen opens.
      staleTime: 0,
      queryFn: ({ signal }) => getUserBidHistory(signal),
    }),
  /** The member's current session (active or paused, else scheduled) and their place in it, if any. */
  bidStatus: () =>
    queryOptions({
      queryKey: bidHistoryQueryKeys.bidStatus,
      staleTime: 0,
      queryFn: ({ signal }) => getUserBidStatus(signal),
    }),
  /** A session's statistics, participants and history (its participants and administrators may read them). */
  sessionResults: (sessionId: string) =>
    queryOptions({
      queryKey: bidHistoryQueryKeys.sessionResults(sessionId),
      queryFn: ({ signal }) => getSessionResults(sessionId, signal),
    }),
};

export function useUserBidHistoryQuery() {
  return useQuery(bidHistoryQueries.mine());
}

export function useUserBidStatusQuery() {
  return useQuery(bidHistoryQueries.bidStatus());
}

export function useSessionResultsQuery(sessionId: string) {
  return useQuery(bidHistoryQueries.sessionResults(sessionId));
}
