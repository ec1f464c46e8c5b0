/**
 * The dashboard's queries: the member's bid status, notifications and activity (keys from
 * lib/member-queries.ts, which the live layer refreshes), the current session (a key of
 * lib/session-queries.ts; the bidding page reads it too) and the system's health.
 */
import { DISPLAY_COUNTS, type NotificationsResponse } from '@stationbid/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { memberQueryKeys } from '../../../lib/member-queries.ts';
import { sessionQueryKeys } from '../../../lib/session-queries.ts';
import { getBidStatus } from './get-bid-status.ts';
import { getCurrentBidSession } from './get-current-bid-session.ts';
import { getHealth } from './get-health.ts';
import { getDashboardNotifications } from './get-notifications.ts';
import { getDashboardActivity } from './get-recent-activity.ts';
import { RUNNING_SESSION_POLL_MS } from './session-polling.ts';

export const dashboardQueryKeys = {
  bidStatus: memberQueryKeys.bidStatus,
  notifications: memberQueryKeys.notificationList(DISPLAY_COUNTS.dashboardNotifications),
  activity: memberQueryKeys.activityList(DISPLAY_COUNTS.dashboardActivities),
  currentSession: sessionQueryKeys.current,
  health: ['health'] as const,
};

export const dashboardQueries = {
  bidStatus: () =>
    queryOptions({ queryKey: dashboardQueryKeys.bidStatus, queryFn: ({ signal }) => getBidStatus(signal) }),
  /** The newest 5 notifications (DISPLAY_COUNTS.dashboardNotifications) and the unread count of all of them. */
  notifications: () =>
    queryOptions({
      queryKey: dashboardQueryKeys.notifications,
      queryFn: ({ signal }) => getDashboardNotifications(signal),
    }),
  /** The member's 5 latest sign-ins, bids and profile changes (DISPLAY_COUNTS.dashboardActivities). */
  activity: () =>
    queryOptions({ queryKey: dashboardQueryKeys.activity, queryFn: ({ signal }) => getDashboardActivity(signal) }),
  /** The first active or paused session (else a scheduled one), or null. */
  currentSession: () =>
    queryOptions({
      queryKey: dashboardQueryKeys.currentSession,
      queryFn: ({ signal }) => getCurrentBidSession(signal),
    }),
  health: () =>
    queryOptions({ queryKey: dashboardQueryKeys.health, queryFn: ({ signal }) => getHealth(signal), retry: false }),
};

/**
 * The member's session (their own first) and their place in it: what names the session every card
 * of the dashboard is about. Asked again every 10 s even while the live stream follows a session:
 * the stream follows the session the dashboard already knows, and another one (created or started
 * later, or the member's own after a draft they were shown) has no id to follow yet. One light read,
 * paused by React Query while the tab is hidden.
 */
export function useBidStatusQuery() {
  return useQuery({ ...dashboardQueries.bidStatus(), refetchInterval: RUNNING_SESSION_POLL_MS });
}

export function useDashboardNotificationsQuery() {
  return useQuery(dashboardQueries.notifications());
}

export function useDashboardActivityQuery() {
  return useQuery(dashboardQueries.activity());
}

export function useHealthQuery() {
  return useQuery(dashboardQueries.health());
}

/** A notification was marked read: the server's answer (the item and the new count) goes into the list. */
export function onNotificationRead(
  queryClient: QueryClient,
  { notification, unreadCount }: { notification: NotificationsResponse['notifications'][number]; unreadCount: number },
): void {
  queryClient.setQueryData<NotificationsResponse>(dashboardQueryKeys.notifications, (list) =>
    list === undefined
      ? list
      : {
          unreadCount,
          notifications: list.notifications.map((item) => (item.id === notification.id ? notification : item)),
        },
  );
}
