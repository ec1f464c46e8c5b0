import { type BidSession, TIMERS } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { sessionListQueryOptions } from '../../../lib/session-queries.ts';

/** Active or paused: a session whose turns the administrator may be watching. */
export function isRunning(session: Pick<BidSession, 'status'>): boolean {
  return session.status === 'active' || session.status === 'paused';
}

/**
 * GET /bid-sessions?view=summary, the same call and cache entry as the Bid Management list, so a
 * pause there shows here too. The live stream refreshes it when a watched session's status changes;
 * it is also read every 30 seconds (TIMERS.liveRefreshMs), since a session started elsewhere is on no
 * stream this page watches yet.
 */
export function useRunningSessionsQuery() {
  return useQuery({
    ...sessionListQueryOptions(),
    refetchInterval: TIMERS.liveRefreshMs,
    staleTime: 0,
    select: (sessions) => sessions.filter(isRunning),
  });
}
