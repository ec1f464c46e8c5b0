/**
 * The signed-in member's own data outside any one session: their bid status, notifications,
 * recent activity and bid history. Several features show it (dashboard, bidding page, bid history)
 * and the live layer refreshes it, so its keys live here, beside what refreshes them.
 *
 * The queries themselves are made by the features that read them (`dashboard-queries.ts`,
 * `bid-history-queries.ts`) from these keys.
 */
import type { QueryClient } from '@tanstack/react-query';

export const memberQueryKeys = {
  bidStatus: ['users', 'bid-status'] as const,
  /** Every list of the member's notifications (the dashboard's card names its length). */
  notifications: ['users', 'notifications'] as const,
  notificationList: (limit: number) => ['users', 'notifications', { limit }] as const,
  activity: ['users', 'recent-activity'] as const,
  activityList: (limit: number) => ['users', 'recent-activity', { limit }] as const,
  /** The root of the bid-history feature's keys (its history, status and results). */
  bidHistory: ['bid-history'] as const,
};

/** Everything the member has of their own: after a step of a session that concerned them. */
export function invalidateMemberData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: memberQueryKeys.bidStatus }),
    queryClient.invalidateQueries({ queryKey: memberQueryKeys.notifications }),
    queryClient.invalidateQueries({ queryKey: memberQueryKeys.activity }),
    queryClient.invalidateQueries({ queryKey: memberQueryKeys.bidHistory }),
  ]);
}

/**
 * A notification was stored for the member (live `notifications.created`): it shows in their
 * notifications and activity, and it was sent because their bid status changed.
 */
export function onMemberNotified(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: memberQueryKeys.notifications }),
    queryClient.invalidateQueries({ queryKey: memberQueryKeys.bidStatus }),
    queryClient.invalidateQueries({ queryKey: memberQueryKeys.activity }),
  ]);
}

/**
 * The member's turn may have moved without an event reaching this tab (the stream was down, or the
 * session was noticed by polling): the bid status and the notifications a turn adds to.
 */
export function onMemberTurnMayHaveChanged(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: memberQueryKeys.notifications }),
    queryClient.invalidateQueries({ queryKey: memberQueryKeys.bidStatus }),
  ]);
}

/** The member's bids changed (their turn ended with a bid, a skip or an automatic award). */
export function invalidateBidHistory(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: memberQueryKeys.bidHistory });
}
