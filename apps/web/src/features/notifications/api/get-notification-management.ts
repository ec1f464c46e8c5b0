/**
 * The reading actions of POST /notifications/management (docs/api.md, "notifications"): the
 * delivery status, and the members and sessions a test notification can go to.
 */
import {
  type NotifiableMember,
  type NotifiableSession,
  type NotificationStatusResponse,
  notifiableMembersResponseSchema,
  notifiableSessionsResponseSchema,
  notificationStatusResponseSchema,
} from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export const MANAGEMENT_PATH = '/notifications/management';

export function getNotificationStatus(signal?: AbortSignal): Promise<NotificationStatusResponse> {
  return apiRequest(MANAGEMENT_PATH, {
    method: 'POST',
    body: { action: 'get-status' },
    schema: notificationStatusResponseSchema,
    signal,
  });
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

export async function getNotifiableSessions(signal?: AbortSignal): Promise<NotifiableSession[]> {
  const { sessions } = await apiRequest(MANAGEMENT_PATH, {
    method: 'POST',
    body: { action: 'get-sessions' },
    schema: notifiableSessionsResponseSchema,
    signal,
  });
  return sessions;
}
