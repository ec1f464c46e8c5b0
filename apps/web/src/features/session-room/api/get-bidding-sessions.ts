import { TIMERS } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { dashboardQueries } from '../../dashboard/index.ts';

/**
 * GET /bid-sessions/current, shared with the dashboard's cache entry: the session the page centres
 * on (the first active or paused one, else the next scheduled one) and every active, paused or
 * scheduled session. Read again every 30 seconds (TIMERS.liveRefreshMs) even while the live stream
 * is up: the stream only carries sessions the tab already watches, so a session an administrator
 * schedules or starts later reaches the page only this way.
 */
export function useBiddingSessionsQuery() {
  return useQuery({ ...dashboardQueries.currentSession(), refetchInterval: TIMERS.liveRefreshMs, staleTime: 0 });
}
