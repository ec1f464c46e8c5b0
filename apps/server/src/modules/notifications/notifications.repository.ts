/**
 * Queries on a member's notifications and activity. Every query is scoped to one member, so
 * another member's rows are never read or changed. Repositories take a transaction or the
 * database and hold no rules.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { activities, notifications } from '../../db/schema/index.ts';
import { timestampParam } from '../../db/sql-helpers.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type ActivityRow = typeof activities.$inferSelect;

/**
 * Notifications written in one engine step share its instant; among those, the later step of a
 * member's story comes first (a session completing after the bid that ended it, a seat won after
 * the turn began), then the id keeps the order stable.
 */
const sameInstantOrder = sql`case ${notifications.type}
  when 'session_completed' then 3
  when 'bid_success' then 2
  when 'turn_started' then 1
  else 0 end`;

/** A member's newest notifications first. */
export async function listMemberNotifications(
  executor: Executor,
  memberId: string,
  limit: number,
): Promise<NotificationRow[]> {
  return executor
    .select()
    .from(notifications)
    .where(eq(notifications.memberId, memberId))
    .orderBy(desc(notifications.createdAt), desc(sameInstantOrder), desc(notifications.id))
    .limit(limit);
}

export async function countUnreadNotifications(executor: Executor, memberId: string): Promise<number> {
  const [row] = await executor
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.memberId, memberId), eq(notifications.status, 'unread')));
  return row?.unread ?? 0;
}

/**
 * Marks one of the member's notifications read and answers it; undefined when the member has no
 * notification with this id. One that was read already keeps the time it was first read.
 */
export async function markNotificationRead(
  executor: Executor,
  memberId: string,
  notificationId: string,
  now: Date,
): Promise<NotificationRow | undefined> {
  const [row] = await executor
    .update(notifications)
    .set({ status: 'read', readAt: sql`coalesce(${notifications.readAt}, ${timestampParam(now)})` })
    .where(and(eq(notifications.id, notificationId), eq(notifications.memberId, memberId)))
    .returning();
  return row;
}

export async function markAllNotificationsRead(executor: Executor, memberId: string, now: Date): Promise<void> {
  await executor
    .update(notifications)
    .set({ status: 'read', readAt: now })
    .where(and(eq(notifications.memberId, memberId), eq(notifications.status, 'unread')));
}

/** A member's own activity, newest first (the identity breaks ties between entries of one instant). */
export async function listMemberActivities(
  executor: Executor,
  memberId: string,
  limit: number,
): Promise<ActivityRow[]> {
  return executor
    .select()
    .from(activities)
    .where(eq(activities.memberId, memberId))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit);
}
