import { DISPLAY_COUNTS, type NotificationsResponse, notificationsResponseSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const DASHBOARD_LIMIT = DISPLAY_COUNTS.dashboardNotifications;

export const dashboardNotificationsQueryKey = ['users', 'notifications', { limit: DASHBOARD_LIMIT }] as const;

export function getDashboardNotifications(signal?: AbortSignal): Promise<NotificationsResponse> {
  return apiRequest(`/users/notifications?limit=${DASHBOARD_LIMIT}`, { schema: notificationsResponseSchema, signal });
}

/** The newest 5 notifications (DISPLAY_COUNTS.dashboardNotifications) and the unread count of all of them. */
export function useDashboardNotificationsQuery() {
  return useQuery({
    queryKey: dashboardNotificationsQueryKey,
    queryFn: ({ signal }) => getDashboardNotifications(signal),
  });
}
