/**
 * A member's in-app notifications and their recent activity (docs/api.md,
 * "users"). The dashboard shows 5 of each (DISPLAY_COUNTS, constants.ts); the API lists more
 * on request, up to a ceiling, so a notifications page can reuse the same calls.
 */
import { z } from 'zod';
import { SHIFTS } from '../constants.ts';

/** How many items a list answers with when `?limit=` is not given, and the most it may ask for. */
export const NOTIFICATION_LIST_LIMITS = {
  notificationsDefault: 20,
  notificationsMax: 100,
  activitiesDefault: 5,
  activitiesMax: 50,
} as const;

export const NOTIFICATION_MESSAGES = {
  /** Also the answer for another member's notification, so that its existence is not revealed. */
  notificationNotFound: 'Notification not found',
  notificationIdInvalid: 'notificationId must be the id of a notification',
  listLimitInvalid: (max: number) => `limit must be a whole number from 1 to ${max}`,
} as const;

/**
 * The spec's four notification types plus `turn_started`, which the bid engine writes when a
 * member's turn begins (the spec's bidding page tells them so; the dashboard lists it too).
 */
export const NOTIFICATION_TYPES = ['turn_started', 'bid_success', 'session_completed', 'system', 'other'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_STATUSES = ['unread', 'read'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/**
 * A notification as the API sends it. `assignedStation` is the station number and
 * `assignedShift` the shift of the seat the notification is about (a won seat, or the seat held
 * when a session completed); both are null when it is about no seat, e.g. a turn starting.
 */
export const notificationSchema = z.object({
  id: z.string(),
  _id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  status: z.enum(NOTIFICATION_STATUSES),
  title: z.string(),
  message: z.string(),
  assignedStation: z.number().int().nullable(),
  assignedShift: z.enum(SHIFTS).nullable(),
  /** The bid session it is about, or null (system notices, or a session since deleted). */
  sessionId: z.string().nullable(),
  /** When it was written, ISO 8601 in UTC. */
  timestamp: z.string(),
});
/** Named so it does not shadow the browser's own `Notification`. */
export type UserNotification = z.infer<typeof notificationSchema>;

/** `?limit=N`: a whole number from 1 to `max`, or `fallback` when not given. */
const listLimitSchema = (fallback: number, max: number) => {
  const message = NOTIFICATION_MESSAGES.listLimitInvalid(max);
  return z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).default(fallback);
};

/** GET /users/notifications?limit=. */
export const notificationListQuerySchema = z.object({
  limit: listLimitSchema(NOTIFICATION_LIST_LIMITS.notificationsDefault, NOTIFICATION_LIST_LIMITS.notificationsMax),
});

/** The newest notifications first, and how many of all the member's notifications are unread. */
export const notificationsResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/** POST /users/notifications: mark one of one's own notifications as read. */
export const markNotificationReadRequestSchema = z.object({
  notificationId: z.uuid({ error: NOTIFICATION_MESSAGES.notificationIdInvalid }),
});
export type MarkNotificationReadRequest = z.infer<typeof markNotificationReadRequestSchema>;

export const markNotificationReadResponseSchema = z.object({
  notification: notificationSchema,
  unreadCount: z.number().int(),
});
export type MarkNotificationReadResponse = z.infer<typeof markNotificationReadResponseSchema>;

/** POST /users/notifications/read-all. */
export const markAllNotificationsReadResponseSchema = z.object({ unreadCount: z.number().int() });

/**
 * What the activity log records. A member's own feed holds the spec's three: `login` (sign-in),
 * `profile` (profile or password changed) and `bid` (a seat won, by their own, a proxy or an
 * automatic bid). An administrator's feed also holds what they did as administrator, kept under
 * its own type rather than forced into the three: `user`, `station`, `session` and `system`.
 */
export const ACTIVITY_TYPES = ['login', 'bid', 'profile', 'user', 'station', 'session', 'system'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const activitySchema = z.object({
  id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  title: z.string(),
  description: z.string(),
  /** When it happened, ISO 8601 in UTC. */
  timestamp: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

/** GET /users/recent-activity?limit=. */
export const recentActivityQuerySchema = z.object({
  limit: listLimitSchema(NOTIFICATION_LIST_LIMITS.activitiesDefault, NOTIFICATION_LIST_LIMITS.activitiesMax),
});

export const recentActivityResponseSchema = z.object({ activities: z.array(activitySchema) });
export type RecentActivityResponse = z.infer<typeof recentActivityResponseSchema>;
