import { type NotificationSettings, notificationSettingsResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return apiRequest('/notifications/preferences', { schema: notificationSettingsResponseSchema, signal });
}
