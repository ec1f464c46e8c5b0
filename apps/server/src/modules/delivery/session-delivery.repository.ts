/**
 * The outbox as it concerns one session: its participants' messages (each row's `session_id`,
 * written when it was queued), and the queue's head with when each was last seen. Rows queued
 * before the column existed are filled from their dedupe keys by `backfillOutboxSessions`.
 */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bidSessions, members, outbox, participants } from '../../db/schema/index.ts';
import type { OutboxChannel } from './outbox.repository.ts';

/** The part of a dedupe key that names the participant (or the session). */
const dedupeSubject = sql<string>`split_part(${outbox.dedupeKey}, ':', 2)`;

function sessionMessagesCondition(
  sessionId: string,
  filter: { memberId?: string | undefined; channel?: OutboxChannel | undefined },
): SQL | undefined {
  return and(
    eq(outbox.sessionId, sessionId),
    eq(participants.sessionId, sessionId),
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

/** How many outbox rows one backfill batch reads (each batch its own short statement). */
const BACKFILL_BATCH_ROWS = 1000;

/**
 * Fills `session_id` of the rows queued before the column existed, from their dedupe keys: the
 * second part names a participant (who must be the row's member) or, for the day-before reminder,
 * the session. Walks the rows without a session by id in batches of 1,000, each its own statement,
 * so no lock is held for long (docs/architecture.md, "Backfill in batches, outside the migration").
 * Rows whose key names no session (password e-mails, an administrator's reminders) stay null.
 * Answers how many rows it filled.
 */
export async function backfillOutboxSessions(executor: Executor): Promise<number> {
  let filled = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const batch = await executor
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(isNull(outbox.sessionId), isNotNull(outbox.dedupeKey), gt(outbox.id, after)))
      .orderBy(asc(outbox.id))
      .limit(BACKFILL_BATCH_ROWS);
    const last = batch.at(-1);
    if (!last) return filled;
    const ids = batch.map((row) => row.id);
    // The key's subject is compared as text: a key whose second part is not a uuid matches nothing.
    const updated = await executor
      .update(outbox)
      .set({
        sessionId: sql`coalesce(
          (select p.session_id from ${participants} p
            where p.id::text = ${dedupeSubject} and p.member_id = ${outbox.memberId}),
          (select s.id from ${bidSessions} s where s.id::text = ${dedupeSubject}))`,
      })
      .where(and(inArray(outbox.id, ids), isNull(outbox.sessionId)))
      .returning({ sessionId: outbox.sessionId });
    filled += updated.filter((row) => row.sessionId !== null).length;
    after = last.id;
  }
}
