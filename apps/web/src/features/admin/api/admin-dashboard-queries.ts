/**
 * The admin dashboard's own queries. Their keys all start with `adminDashboardQueryKeys.all`, so one
 * invalidation (`onAdminDashboardSessionStep`, after a live event of a running session) refreshes
 * every figure together. Each is read again every 30 seconds besides (TIMERS.liveRefreshMs).
 */
import { DISPLAY_COUNTS, TIMERS } from '@stationbid/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { getAdminActivity } from './get-admin-activity.ts';
import { getAdminStats } from './get-admin-stats.ts';
import { getOnlineUsers } from './get-online-users.ts';

export const adminDashboardQueryKeys = {
  all: ['admin', 'dashboard'] as const,
  stats: ['admin', 'dashboard', 'stats'] as const,
  onlineUsers: (limit: number) => ['admin', 'dashboard', 'online-users', { limit }] as const,
  activity: (limit: number) => ['admin', 'dashboard', 'recent-activity', { limit }] as const,
};

const live = { refetchInterval: TIMERS.liveRefreshMs, staleTime: 0 } as const;

export const adminDashboardQueries = {
  stats: () =>
    queryOptions({ queryKey: adminDashboardQueryKeys.stats, queryFn: ({ signal }) => getAdminStats(signal), ...live }),
  /**
   * The 5 members seen most recently (DISPLAY_COUNTS.adminOnlineUsers) and how many are online in
   * all. Presence moves without any event to announce it, so it is read again every 30 seconds.
   */
  onlineUsers: () =>
    queryOptions({
      queryKey: adminDashboardQueryKeys.onlineUsers(DISPLAY_COUNTS.adminOnlineUsers),
      queryFn: ({ signal }) => getOnlineUsers(signal),
      ...live,
    }),
  /** The department's 6 latest activities (DISPLAY_COUNTS.adminActivities). */
  activity: () =>
    queryOptions({
      queryKey: adminDashboardQueryKeys.activity(DISPLAY_COUNTS.adminActivities),
      queryFn: ({ signal }) => getAdminActivity(signal),
      ...live,
    }),
};

export function useAdminStatsQuery() {
  return useQuery(adminDashboardQueries.stats());
}

export function useOnlineUsersQuery() {
  return useQuery(adminDashboardQueries.onlineUsers());
}

export function useAdminActivityQuery() {
  return useQuery(adminDashboardQueries.activity());
}

/**
 * A step of a session the dashboard follows: its figures and activity (counted by the server across
 * sessions) are read again. Only administrators open this page, a handful of tabs, so that read per
 * step costs little.
 */
export function onAdminDashboardSessionStep(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: adminDashboardQueryKeys.all });
}
