/**
 * The cache keys of the admin dashboard's own calls. They all start with `adminDashboardQueryKey`,
 * so one invalidation (a live event of a running session) refreshes every figure together.
 */
export const adminDashboardQueryKey = ['admin', 'dashboard'] as const;

export const adminStatsQueryKey = [...adminDashboardQueryKey, 'stats'] as const;

export function onlineUsersQueryKey(limit: number) {
  return [...adminDashboardQueryKey, 'online-users', { limit }] as const;
}

export function adminActivityQueryKey(limit: number) {
  return [...adminDashboardQueryKey, 'recent-activity', { limit }] as const;
}
