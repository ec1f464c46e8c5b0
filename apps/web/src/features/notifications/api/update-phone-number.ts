import {
  type NotificationSettings,
  notificationSettingsSavedResponseSchema,
  type UpdatePhoneNumberRequest,
} from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /notifications/phone: the server stores the number in E.164 and answers it so. */
export async function updatePhoneNumber(request: UpdatePhoneNumberRequest): Promise<NotificationSettings> {
  const { preferences, phoneNumber, isOfferPending } = await apiRequest('/notifications/phone', {
    method: 'PUT',
    body: request,
    schema: notificationSettingsSavedResponseSchema,
  });
  return { preferences, phoneNumber, isOfferPending };
}
