/**
 * POST /notifications/management (docs/api.md, "notifications"): one endpoint for the administrators'
 * notification screen, whose `action` picks what it does. The reading actions are in
 * get-notification-management.ts, their queries in notification-queries.ts; a mutation per sending
 * action here, and a send refreshes the status, whose queued count it changes.
 */
import {
  type NotificationChannel,
  type SendSessionNotificationResponse,
  type SendTestNotificationResponse,
  sendSessionNotificationResponseSchema,
  sendTestNotificationResponseSchema,
} from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { MANAGEMENT_PATH } from './get-notification-management.ts';
import { onNotificationSent } from './notification-queries.ts';

export interface SendTestNotificationRequest {
  userId: string;
  sessionId: string;
  type: NotificationChannel;
  customMessage: string | null;
}

export function sendTestNotification(request: SendTestNotificationRequest): Promise<SendTestNotificationResponse> {
  return apiRequest(MANAGEMENT_PATH, {
    method: 'POST',
    body: { action: 'send-test', ...request },
    schema: sendTestNotificationResponseSchema,
  });
}

export function useSendTestNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestNotification,
    onSuccess: () => onNotificationSent(queryClient),
  });
}

export type SendSessionNotificationRequest = Omit<SendTestNotificationRequest, 'userId'>;

export function sendSessionNotification(
  request: SendSessionNotificationRequest,
): Promise<SendSessionNotificationResponse> {
  return apiRequest(MANAGEMENT_PATH, {
    method: 'POST',
    body: { action: 'send-session-notification', ...request },
    schema: sendSessionNotificationResponseSchema,
  });
}

export function useSendSessionNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSessionNotification,
    onSuccess: () => onNotificationSent(queryClient),
  });
}
