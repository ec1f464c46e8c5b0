/** Queries for Notification Settings and the administrators' notification screen. */
import { NOTIFIABLE_SESSION_STATUSES, type NotificationFlags } from '@stationbid/domain';
import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bidSessions, members, participants } from '../../db/schema/index.ts';

const settingsColumns = {
  firstName: members.firstName,
  lastName: members.lastName,
  phone: members.phone,
  notifications: members.notificationsEnabled,
  emailNotifications: members.emailNotifications,
  smsNotifications: members.smsNotifications,
  bidReminders: members.bidReminders,
  pushNotifications: members.pushNotifications,
  offerAnsweredAt: members.notificationOfferAnsweredAt,
};

export interface MemberNotificationRow extends NotificationFlags {
  firstName: string;
  lastName: string;
  phone: string | null;
  offerAnsweredAt: Date | null;
}

/** With `forUpdate`, two saves of the same member apply one after the other. */
export async function findMemberNotificationSettings(
  executor: Executor,
  memberId: string,
  options: { forUpdate?: boolean } = {},
): Promise<MemberNotificationRow | undefined> {
  const query = executor.select(settingsColumns).from(members).where(eq(members.id, memberId));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

export async function saveMemberNotificationSettings(
  executor: Executor,
  memberId: string,
  values: NotificationFlags & { phone: string | null; updatedAt: Date },
): Promise<void> {
  await executor
    .update(members)
    .set({
      phone: values.phone,
      notificationsEnabled: values.notifications,
      emailNotifications: values.emailNotifications,
      smsNotifications: values.smsNotifications,
      bidReminders: values.bidReminders,
      pushNotifications: values.pushNotifications,
      updatedAt: values.updatedAt,
    })
    .where(eq(members.id, memberId));
}

/** Records the answer to the one-time offer; the first answer's time is kept. */
export async function markNotificationOfferAnswered(executor: Executor, memberId: string, at: Date): Promise<void> {
  await executor
    .update(members)
    .set({ notificationOfferAnsweredAt: at })
    .where(and(eq(members.id, memberId), isNull(members.notificationOfferAnsweredAt)));
}

/** Active members by name, with what the notification screen shows of each. */
export async function listActiveMembersForNotifications(executor: Executor) {
  return executor
    .select({ id: members.id, email: members.email, ...settingsColumns })
    .from(members)
    .where(eq(members.isActive, true))
    .orderBy(asc(members.lastName), asc(members.firstName));
}

export async function findActiveMember(executor: Executor, memberId: string) {
  const [row] = await executor
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.isActive, true)));
  return row;
}

/** Scheduled, active and paused sessions, newest first, with how many take part in each. */
export async function listNotifiableSessions(executor: Executor) {
  return executor
    .select({
      id: bidSessions.id,
      name: bidSessions.name,
      status: bidSessions.status,
      startDate: bidSessions.startDate,
      participantCount: count(participants.id),
    })
    .from(bidSessions)
    .leftJoin(participants, eq(participants.sessionId, bidSessions.id))
    .where(inArray(bidSessions.status, [...NOTIFIABLE_SESSION_STATUSES]))
    .groupBy(bidSessions.id)
    .orderBy(desc(bidSessions.createdAt), asc(bidSessions.name));
}

export async function findSessionStatus(executor: Executor, sessionId: string): Promise<string | undefined> {
  const [row] = await executor
    .select({ status: bidSessions.status })
    .from(bidSessions)
    .where(eq(bidSessions.id, sessionId));
  return row?.status;
}
