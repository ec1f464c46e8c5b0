import { type NotificationSettings, notificationSettingsResponseSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Cache key of the member's notification settings; both saves write their answer here. */
export const notificationSettingsQueryKey = ['notifications', 'preferences'] as const;

/**
 * The same four flags are part of the Bid Preferences answer (`['users', 'preferences']`), which
 * sends them back when it saves; after a change here that copy is read again, never sent stale.
 */
export const bidPreferencesSharingFlagsQueryKey = ['users', 'preferences'] as const;

export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return apiRequest('/notifications/preferences', { schema: notificationSettingsResponseSchema, signal });
}

/** The member's four notification flags and the phone on file, read when the dialog opens. */
export function useNotificationSettingsQuery() {
  return useQuery({
    queryKey: notificationSettingsQueryKey,
    queryFn: ({ signal }) => getNotificationSettings(signal),
    staleTime: 0,
  });
}
