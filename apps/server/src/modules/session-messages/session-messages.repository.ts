/** Queries of the session messages: members' contact details and settings, reminders due, outbox rows. */
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bidSessions, members, notifications, outbox, participants } from '../../db/schema/index.ts';
import { messagePriority } from '../delivery/message-priority.ts';

/** What decides whether and where a member is reached. */
export interface MemberContact {
  id: string;
  firstName: string;
  email: string;
  phone: string | null;
  notificationsEnabled: boolean;
  emailNotifications: boolean;
  smsNotifications: boolean;
  bidReminders: boolean;
  pushNotifications: boolean;
}

const contactColumns = {
  id: members.id,
  firstName: members.firstName,
  email: members.email,
  phone: members.phone,
  notificationsEnabled: members.notificationsEnabled,
  emailNotifications: members.emailNotifications,
  smsNotifications: members.smsNotifications,
  bidReminders: members.bidReminders,
  pushNotifications: members.pushNotifications,
};

const LOOKUP_CHUNK = 1000;
const INSERT_CHUNK_ROWS = 500;

export async function listMemberContacts(executor: Executor, memberIds: readonly string[]): Promise<MemberContact[]> {
  const unique = [...new Set(memberIds)];
  const found: MemberContact[] = [];
  for (let start = 0; start < unique.length; start += LOOKUP_CHUNK) {
    const chunk = unique.slice(start, start + LOOKUP_CHUNK);
    found.push(...(await executor.select(contactColumns).from(members).where(inArray(members.id, chunk))));
  }
  return found;
}

export async function findMemberContact(executor: Executor, memberId: string): Promise<MemberContact | undefined> {
  const [row] = await executor.select(contactColumns).from(members).where(eq(members.id, memberId));
  return row;
}

export type SessionRow = typeof bidSessions.$inferSelect;

export async function findSession(executor: Executor, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await executor.select().from(bidSessions).where(eq(bidSessions.id, sessionId));
  return row;
}

/** A session's participants in queue order, with their member's contact details (null once deleted). */
export async function listParticipantContacts(executor: Executor, sessionId: string) {
  return executor
    .select({
      participantId: participants.id,
      name: sql<string>`${participants.firstName} || ' ' || ${participants.lastName}`,
      firstName: participants.firstName,
      member: contactColumns,
    })
    .from(participants)
    .leftJoin(members, eq(members.id, participants.memberId))
    .where(eq(participants.sessionId, sessionId))
    .orderBy(asc(participants.queuePosition), asc(participants.bidPriority));
}

export interface OutboxMessage {
  /** For 'push', one message per device: `recipient` is the push subscription's id. */
  channel: 'email' | 'sms' | 'push';
  kind: string;
  memberId: string;
  recipient: string;
  subject: string | null;
  textBody: string;
  htmlBody: string | null;
  dedupeKey: string | null;
}

/**
 * Queues messages, about one session when `sessionId` is given (what the session's delivery log
 * reads: every session's message must pass it); one
 * whose dedupe key is already in the outbox is left out (the same event or reminder is never
 * queued twice). Answers how many were queued.
 */
export async function insertOutboxMessages(
  executor: Executor,
  messages: readonly OutboxMessage[],
  now: Date,
  sessionId: string | null = null,
): Promise<number> {
  let queued = 0;
  for (let start = 0; start < messages.length; start += INSERT_CHUNK_ROWS) {
    const rows = messages.slice(start, start + INSERT_CHUNK_ROWS).map((message) => ({
      ...message,
      sessionId,
      priority: messagePriority(message.kind),
      status: 'pending',
      nextAttemptAt: now,
      createdAt: now,
    }));
    const inserted = await executor
      .insert(outbox)
      .values(rows)
      .onConflictDoNothing({ target: outbox.dedupeKey })
      .returning({ id: outbox.id });
    queued += inserted.length;
  }
  return queued;
}

// ---------------------------------------------------------------------------------------------
// The reminder scheduler's work lists

/** Scheduled sessions starting within the lead time that have not had their day-before e-mail. */
export async function listSessionsDueDayBeforeReminder(executor: Executor, now: Date, startsBefore: Date) {
  return executor
    .select()
    .from(bidSessions)
    .where(
      and(
        eq(bidSessions.status, 'scheduled'),
        isNull(bidSessions.dayBeforeReminderSentAt),
        isNotNull(bidSessions.scheduledStart),
        gt(bidSessions.scheduledStart, now),
        lte(bidSessions.scheduledStart, startsBefore),
      ),
    )
    .orderBy(asc(bidSessions.scheduledStart))
    .limit(20);
}

/** Marks the day-before e-mail done, only if no one else did meanwhile; false when someone had. */
export async function markDayBeforeReminderSent(executor: Executor, sessionId: string, now: Date): Promise<boolean> {
  const updated = await executor
    .update(bidSessions)
    .set({ dayBeforeReminderSentAt: now })
    .where(and(eq(bidSessions.id, sessionId), isNull(bidSessions.dayBeforeReminderSentAt)))
    .returning({ id: bidSessions.id });
  return updated.length === 1;
}

export async function listActiveSessions(executor: Executor) {
  return executor
    .select({ id: bidSessions.id, name: bidSessions.name, bidWindowMinutes: bidSessions.bidWindowMinutes })
    .from(bidSessions)
    .where(eq(bidSessions.status, 'active'));
}

/** The waiting participants of a session in queue order, and the finished turns' start and end. */
export async function listQueueForEstimate(executor: Executor, sessionId: string) {
  return executor
    .select({
      participantId: participants.id,
      memberId: participants.memberId,
      queuePosition: participants.queuePosition,
      outcome: participants.outcome,
      turnDeadline: participants.turnDeadline,
      turnStartedAt: participants.turnStartedAt,
      doneAt: participants.doneAt,
      turnReminderSentAt: participants.turnReminderSentAt,
    })
    .from(participants)
    .where(eq(participants.sessionId, sessionId))
    .orderBy(asc(participants.queuePosition), asc(participants.bidPriority));
}

/**
 * Of these participants, those who got a text about their coming turn since `since`: the
 * "you're next" / "2 turns away" SMS (`turn_approaching:<participant>:sms`) when `kind` is
 * 'approaching', the 5-minute reminder (marked on the participant, texted or not) when 'reminder'.
 */
export async function listTextedAboutComingTurn(
  executor: Executor,
  participantIds: readonly string[],
  kind: 'approaching' | 'reminder',
  since: Date,
): Promise<Set<string>> {
  if (participantIds.length === 0) return new Set();
  if (kind === 'reminder') {
    const rows = await executor
      .select({ id: participants.id })
      .from(participants)
      .where(and(inArray(participants.id, [...participantIds]), gte(participants.turnReminderSentAt, since)));
    return new Set(rows.map((row) => row.id));
  }
  const keys = participantIds.map((id) => `turn_approaching:${id}:sms`);
  const rows = await executor
    .select({ dedupeKey: outbox.dedupeKey })
    .from(outbox)
    .where(and(inArray(outbox.dedupeKey, keys), gte(outbox.createdAt, since)));
  return new Set(rows.map((row) => (row.dedupeKey ?? '').split(':')[1] ?? ''));
}

export async function markTurnRemindersSent(executor: Executor, participantIds: readonly string[], now: Date) {
  if (participantIds.length === 0) return;
  await executor
    .update(participants)
    .set({ turnReminderSentAt: now })
    .where(and(inArray(participants.id, [...participantIds]), isNull(participants.turnReminderSentAt)));
}

/**
 * Participants a step sent to the back, as the step left the queue (read in its transaction): their
 * member, the turns still to come before theirs (the turn holder's included) and the length of the
 * second chance they will get.
 */
export async function listMovedToBack(
  executor: Executor,
  sessionId: string,
  participantIds: readonly string[],
): Promise<{ participantId: string; memberId: string | null; turnsAhead: number; chanceMinutes: number }[]> {
  if (participantIds.length === 0) return [];
  const rows = await executor
    .select({
      participantId: participants.id,
      memberId: participants.memberId,
      chanceMinutes: bidSessions.autoAssignTimeoutMinutes,
      turnsAhead: sql<number>`(
        select count(*)::int from ${participants} as ahead
        where ahead.session_id = ${participants.sessionId}
          and ahead.outcome is null
          and ahead.queue_position < ${participants.queuePosition}
      )`,
    })
    .from(participants)
    .innerJoin(bidSessions, eq(bidSessions.id, participants.sessionId))
    .where(and(eq(participants.sessionId, sessionId), inArray(participants.id, [...participantIds])));
  return rows.map((row) => ({ ...row, turnsAhead: Number(row.turnsAhead) }));
}

/** In-app notifications written with an engine step's messages (those the engine's own events do not carry). */
export async function insertInAppNotices(
  executor: Executor,
  rows: readonly { memberId: string; sessionId: string; type: string; title: string; message: string }[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await executor.insert(notifications).values(rows.map((row) => ({ ...row, createdAt: now })));
}
