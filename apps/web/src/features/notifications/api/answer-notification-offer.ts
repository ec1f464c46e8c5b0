import { type NotificationSettings, notificationSettingsSavedResponseSchema } from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { onNotificationSettingsSaved } from './notification-queries.ts';

/**
 * DELETE /notifications/offer: the member answered the one-time offer of texts and phone
 * notifications (turned one on, or said not now). The server keeps the answer, so no other device
 * offers it again; it answers the settings now stored.
 */
export async function answerNotificationOffer(): Promise<NotificationSettings> {
  const { preferences, phoneNumber, isOfferPending } = await apiRequest('/notifications/offer', {
    method: 'DELETE',
    schema: notificationSettingsSavedResponseSchema,
  });
  return { preferences, phoneNumber, isOfferPending };
}

export function useAnswerNotificationOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerNotificationOffer,
    onSuccess: (settings) => onNotificationSettingsSaved(queryClient, settings),
  });
}
