import {
  type NotificationSettings,
  notificationSettingsSavedResponseSchema,
  type UpdateNotificationFlagsRequest,
} from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /notifications/preferences: answers the settings now stored. */
export async function updateNotificationPreferences(
  changes: UpdateNotificationFlagsRequest,
): Promise<NotificationSettings> {
  const { preferences, phoneNumber, isOfferPending } = await apiRequest('/notifications/preferences', {
    method: 'PUT',
    body: changes,
    schema: notificationSettingsSavedResponseSchema,
  });
  return { preferences, phoneNumber, isOfferPending };
}
