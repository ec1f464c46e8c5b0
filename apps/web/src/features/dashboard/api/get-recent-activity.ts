import { type Activity, DISPLAY_COUNTS, recentActivityResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

const DASHBOARD_LIMIT = DISPLAY_COUNTS.dashboardActivities;

export async function getDashboardActivity(signal?: AbortSignal): Promise<Activity[]> {
  const { activities } = await apiRequest(`/users/recent-activity?limit=${DASHBOARD_LIMIT}`, {
    schema: recentActivityResponseSchema,
    signal,
  });
  return activities;
}
