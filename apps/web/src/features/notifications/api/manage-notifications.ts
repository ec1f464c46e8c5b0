/**
 * POST /notifications/management (docs/api.md, "notifications"): one endpoint for the administrators'
 * notification screen, whose `action` picks what it does. A query per reading action, a mutation
 * per sending action; a send refreshes the status, whose queued count it changes.
 */
import {
  type NotifiableMember,
  type NotifiableSession,
  type NotificationChannel,
  type NotificationStatusResponse,
  notifiableMembersResponseSchema,
  notifiableSessionsResponseSchema,
  notificationStatusResponseSchema,
  type SendSessionNotificationResponse,
  type SendTestNotificationResponse,
  sendSessionNotificationResponseSchema,
  sendTestNotificationResponseSchema,
} from '@stationbid/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const MANAGEMENT_PATH = '/notifications/management';

export const notificationManagementQueryKey = ['notifications', 'management'] as const;
const statusQueryKey = [...notificationManagementQueryKey, 'status'] as const;

export function getNotificationStatus(signal?: AbortSignal): Promise<NotificationStatusResponse> {
  return apiRequest(MANAGEMENT_PATH, {
    method: 'POST',
    body: { action: 'get-status' },
    schema: notificationStatusResponseSchema,
    signal,
  });
}

/** Per channel: configured or not, last delivery, queued and failed counts; the latest failures. */
export function useNotificationStatusQuery() {
  return useQuery({ queryKey: statusQueryKey, queryFn: ({ signal }) => getNotificationStatus(signal), staleTime: 0 });
}

export async function getNotifiableMembers(signal?: AbortSignal): Promise<NotifiableMember[]> {
  const { users } = await apiRequest(MANAGEMENT_PATH, {
    method: 'POST',
    body: { action: 'get-users' },
    schema: notifiableMembersResponseSchema,
    signal,
  });
  return users;
}

export function useNotifiableMembersQuery() {
  return useQuery({
    queryKey: [...notificationManagementQueryKey, 'users'],
    queryFn: ({ signal }) => getNotifiableMembers(signal),
  });
}

export async function getNotifiableSessions(signal?: AbortSignal): Promise<NotifiableSession[]> {
  const { sessions } = await apiRequest(MANAGEMENT_PATH, {
    method: 'POST',
    body: { action: 'get-sessions' },
    schema: notifiableSessionsResponseSchema,
    signal,
  });
  return sessions;
}

export function useNotifiableSessionsQuery() {
  return useQuery({
    queryKey: [...notificationManagementQueryKey, 'sessions'],
    queryFn: ({ signal }) => getNotifiableSessions(signal),
    staleTime: 0,
  });
}

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusQueryKey }),
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusQueryKey }),
  });
}
