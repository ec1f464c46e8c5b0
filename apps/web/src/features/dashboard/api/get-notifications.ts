import { DISPLAY_COUNTS, type NotificationsResponse, notificationsResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

const DASHBOARD_LIMIT = DISPLAY_COUNTS.dashboardNotifications;

export function getDashboardNotifications(signal?: AbortSignal): Promise<NotificationsResponse> {
  return apiRequest(`/users/notifications?limit=${DASHBOARD_LIMIT}`, { schema: notificationsResponseSchema, signal });
}
