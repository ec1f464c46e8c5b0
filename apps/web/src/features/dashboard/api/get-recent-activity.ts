import { type Activity, DISPLAY_COUNTS, recentActivityResponseSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const DASHBOARD_LIMIT = DISPLAY_COUNTS.dashboardActivities;

export const dashboardActivityQueryKey = ['users', 'recent-activity', { limit: DASHBOARD_LIMIT }] as const;

export async function getDashboardActivity(signal?: AbortSignal): Promise<Activity[]> {
  const { activities } = await apiRequest(`/users/recent-activity?limit=${DASHBOARD_LIMIT}`, {
    schema: recentActivityResponseSchema,
    signal,
  });
  return activities;
}

/** The member's 5 latest sign-ins, bids and profile changes (DISPLAY_COUNTS.dashboardActivities). */
export function useDashboardActivityQuery() {
  return useQuery({ queryKey: dashboardActivityQueryKey, queryFn: ({ signal }) => getDashboardActivity(signal) });
}
