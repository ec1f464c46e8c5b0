/**
 * The outbox as it concerns one session: its participants' messages, and the queue's head with
 * when each was last seen. The outbox has no session column: a session's message names its
 * participant (or, for the day-before reminder, the session) in the second part of its dedupe key,
 * so a row belongs to the session when that part is one of its participants' ids or its own id, and
 * the message was for that participant's member. Messages without a dedupe key (reminders an
 * administrator sends by hand) name no session and are not found here.
 */
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members, outbox, participants } from '../../db/schema/index.ts';
import type { OutboxChannel } from './outbox.repository.ts';

/** The part of a dedupe key that names the participant (or the session). */
const dedupeSubject = sql<string>`split_part(${outbox.dedupeKey}, ':', 2)`;

function sessionMessagesCondition(
  sessionId: string,
  filter: { memberId?: string | undefined; channel?: OutboxChannel | undefined },
): SQL | undefined {
  return and(
    eq(participants.sessionId, sessionId),
    sql`${dedupeSubject} in (${participants.id}::text, ${sessionId})`,
    filter.memberId === undefined ? undefined : eq(outbox.memberId, filter.memberId),
    filter.channel === undefined ? undefined : eq(outbox.channel, filter.channel),
  );
}

/** A page of a session's messages, newest first, with the participant each was for. */
export async function listSessionMessages(
  executor: Executor,
  sessionId: string,
  page: { memberId?: string | undefined; channel?: OutboxChannel | undefined; limit: number; offset: number },
) {
  return executor
    .select({
      id: outbox.id,
      memberId: outbox.memberId,
      firstName: participants.firstName,
      lastName: participants.lastName,
      channel: outbox.channel,
      kind: outbox.kind,
      recipient: outbox.recipient,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
      lastAttemptAt: outbox.lastAttemptAt,
    })
    .from(outbox)
    .innerJoin(participants, eq(participants.memberId, outbox.memberId))
    .where(sessionMessagesCondition(sessionId, page))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countSessionMessages(
  executor: Executor,
  sessionId: string,
  filter: { memberId?: string | undefined; channel?: OutboxChannel | undefined },
): Promise<number> {
  const [row] = await executor
    .select({ total: count() })
    .from(outbox)
    .innerJoin(participants, eq(participants.memberId, outbox.memberId))
    .where(sessionMessagesCondition(sessionId, filter));
  return row?.total ?? 0;
}

/**
 * The first `limit` waiting participants in queue order (the turn holder first while the session
 * runs), with when they or their member were last seen, and how many wait in all.
 */
export async function listQueueHead(executor: Executor, sessionId: string, limit: number) {
  const waiting = and(eq(participants.sessionId, sessionId), isNull(participants.outcome));
  const [rows, [total]] = await Promise.all([
    executor
      .select({
        participantId: participants.id,
        memberId: participants.memberId,
        firstName: participants.firstName,
        lastName: participants.lastName,
        rank: participants.rank,
        movedToBack: participants.movedToBack,
        joinedAt: participants.joinedAt,
        participantSeenAt: participants.lastSeenAt,
        memberSeenAt: members.lastSeenAt,
      })
      .from(participants)
      .leftJoin(members, eq(members.id, participants.memberId))
      .where(waiting)
      .orderBy(asc(participants.queuePosition), asc(participants.bidPriority))
      .limit(limit),
    executor.select({ total: count() }).from(participants).where(waiting),
  ]);
  return { rows, waiting: total?.total ?? 0 };
}

/** Messages of the given kinds about these participants (named in their dedupe keys), newest first. */
export async function listParticipantNotices(
  executor: Executor,
  participantIds: readonly string[],
  kinds: readonly string[],
) {
  if (participantIds.length === 0) return [];
  return executor
    .select({
      participantId: dedupeSubject,
      channel: outbox.channel,
      kind: outbox.kind,
      status: outbox.status,
      attempts: outbox.attempts,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .where(and(inArray(dedupeSubject, [...participantIds]), inArray(outbox.kind, [...kinds])))
    .orderBy(desc(outbox.createdAt), desc(outbox.id));
}
