import { type AdminActivity, adminActivityResponseSchema, DISPLAY_COUNTS, TIMERS } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminActivityQueryKey } from './admin-dashboard-query-keys.ts';

const LIMIT = DISPLAY_COUNTS.adminActivities;

export async function getAdminActivity(signal?: AbortSignal): Promise<AdminActivity[]> {
  const { activities } = await apiRequest(`/admin/recent-activity?limit=${LIMIT}`, {
    schema: adminActivityResponseSchema,
    signal,
  });
  return activities;
}

/** The department's 6 latest activities (DISPLAY_COUNTS.adminActivities), read again every 30 seconds. */
export function useAdminActivityQuery() {
  return useQuery({
    queryKey: adminActivityQueryKey(LIMIT),
    queryFn: ({ signal }) => getAdminActivity(signal),
    refetchInterval: TIMERS.liveRefreshMs,
    staleTime: 0,
  });
}
