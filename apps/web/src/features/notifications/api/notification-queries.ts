/**
 * The notifications' queries: the member's notification settings and the administrators' delivery
 * screen (status, and whom a test can go to). Their keys, the factories and what a change refreshes.
 */
import type { NotificationSettings } from '@stationbid/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { invalidateBidPreferences, invalidateProfile } from '../../users/index.ts';
import { getNotifiableMembers, getNotifiableSessions, getNotificationStatus } from './get-notification-management.ts';
import { getNotificationSettings } from './get-notification-settings.ts';

export const notificationQueryKeys = {
  settings: ['notifications', 'preferences'] as const,
  management: ['notifications', 'management'] as const,
  status: ['notifications', 'management', 'status'] as const,
  notifiableMembers: ['notifications', 'management', 'users'] as const,
  notifiableSessions: ['notifications', 'management', 'sessions'] as const,
};

export const notificationQueries = {
  /** The member's four notification flags and the phone on file, read when the dialog opens. */
  settings: () =>
    queryOptions({
      queryKey: notificationQueryKeys.settings,
      queryFn: ({ signal }) => getNotificationSettings(signal),
      staleTime: 0,
    }),
  /** Per channel: configured or not, last delivery, queued and failed counts; the latest failures. */
  status: () =>
    queryOptions({
      queryKey: notificationQueryKeys.status,
      queryFn: ({ signal }) => getNotificationStatus(signal),
      staleTime: 0,
    }),
  notifiableMembers: () =>
    queryOptions({
      queryKey: notificationQueryKeys.notifiableMembers,
      queryFn: ({ signal }) => getNotifiableMembers(signal),
    }),
  notifiableSessions: () =>
    queryOptions({
      queryKey: notificationQueryKeys.notifiableSessions,
      queryFn: ({ signal }) => getNotifiableSessions(signal),
      staleTime: 0,
    }),
};

export function useNotificationSettingsQuery() {
  return useQuery(notificationQueries.settings());
}

export function useNotificationStatusQuery() {
  return useQuery(notificationQueries.status());
}

export function useNotifiableMembersQuery() {
  return useQuery(notificationQueries.notifiableMembers());
}

export function useNotifiableSessionsQuery() {
  return useQuery(notificationQueries.notifiableSessions());
}

/** A test or session notification was sent: the status, whose queued count it changes. */
export function onNotificationSent(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: notificationQueryKeys.status });
}

/**
 * The settings were saved: the stored answer replaces the cached one (null when nothing answered),
 * and the copy of the same four flags inside the bid preferences is read again, never sent back stale;
 * so is the profile, whose phone is the one text messages go to (one number, shown the same on both).
 */
export function onNotificationSettingsSaved(queryClient: QueryClient, settings: NotificationSettings | null): void {
  if (settings !== null) queryClient.setQueryData(notificationQueryKeys.settings, settings);
  void invalidateBidPreferences(queryClient);
  void invalidateProfile(queryClient);
}

/** A save failed part-way (a phone saved before the flags failed is stored): the settings are read again. */
export function onNotificationSettingsSaveFailed(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: notificationQueryKeys.settings });
}
