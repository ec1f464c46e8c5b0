/** Queries of Web Push: members' subscriptions, and the queue places that decide "2 turns away". */
import { and, asc, count, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members, participants, pushSubscriptions } from '../../db/schema/index.ts';
import { timestampParam } from '../../db/sql-helpers.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Locks the member's row, so that two subscribes of one member count their devices one after the other. */
export async function lockMember(executor: Executor, memberId: string): Promise<boolean> {
  const [row] = await executor.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
  return row !== undefined;
}

/** The member's devices, the longest-unrenewed first. */
export async function listMemberSubscriptions(executor: Executor, memberId: string) {
  return executor
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.memberId, memberId))
    .orderBy(asc(pushSubscriptions.updatedAt), asc(pushSubscriptions.id));
}

export async function deleteSubscriptionsById(executor: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await executor.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, [...ids]));
}

/**
 * Stores a device for the member. An endpoint already stored (the same browser subscribing again,
 * or after another member signed in on it) is taken over with its new keys.
 */
export async function upsertSubscription(
  executor: Executor,
  values: { memberId: string; endpoint: string; p256dh: string; auth: string; now: Date },
): Promise<void> {
  await executor
    .insert(pushSubscriptions)
    .values({ ...values, createdAt: values.now, updatedAt: values.now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { memberId: values.memberId, p256dh: values.p256dh, auth: values.auth, updatedAt: values.now },
    });
}

export async function countSubscriptions(executor: Executor, memberId: string): Promise<number> {
  const [row] = await executor
    .select({ total: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.memberId, memberId));
  return row?.total ?? 0;
}

/** Removes the member's device with this endpoint, or all their devices; answers how many went. */
export async function deleteSubscriptions(
  executor: Executor,
  memberId: string,
  which: { endpoint: string } | { all: true },
): Promise<number> {
  const removed = await executor
    .delete(pushSubscriptions)
    .where(
      'endpoint' in which
        ? and(eq(pushSubscriptions.memberId, memberId), eq(pushSubscriptions.endpoint, which.endpoint))
        : eq(pushSubscriptions.memberId, memberId),
    )
    .returning({ id: pushSubscriptions.id });
  return removed.length;
}

/** The devices of these members, by member. */
export async function listSubscriptionIdsByMember(
  executor: Executor,
  memberIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byMember = new Map<string, string[]>();
  if (memberIds.length === 0) return byMember;
  const rows = await executor
    .select({ id: pushSubscriptions.id, memberId: pushSubscriptions.memberId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.memberId, [...new Set(memberIds)]))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  for (const row of rows) byMember.set(row.memberId, [...(byMember.get(row.memberId) ?? []), row.id]);
  return byMember;
}

export async function findSubscription(executor: Executor, id: string): Promise<PushSubscriptionRow | undefined> {
  const [row] = await executor.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row;
}

/** A push service said the subscription is gone (404/410): the device no longer takes pushes. */
export async function deleteSubscriptionById(executor: Executor, id: string): Promise<void> {
  await executor.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** The push service took a push for the device: any back-off ends. */
export async function markSubscriptionDelivered(executor: Executor, id: string, at: Date): Promise<void> {
  await executor
    .update(pushSubscriptions)
    .set({ lastSuccessAt: at, consecutiveFailures: 0, retryAfter: null })
    .where(eq(pushSubscriptions.id, id));
}

/**
 * Counts one more failure in a row of the device and sets, in the same statement, the time before
 * which its pushes wait: `backoffMs[count - 1]`, the last one repeating. Sends to the device that
 * were in flight when it started backing off fail with it and count once: only a failure while no
 * back-off runs counts (the statement's row lock orders simultaneous ones on PostgreSQL).
 */
export async function recordDeviceFailure(
  executor: Executor,
  id: string,
  now: Date,
  backoffMs: readonly number[],
): Promise<void> {
  const failures = sql`${pushSubscriptions.consecutiveFailures} + 1`;
  const delays = sql.raw(`array[${backoffMs.map((delay) => Math.round(delay)).join(',')}]::bigint[]`);
  await executor
    .update(pushSubscriptions)
    .set({
      consecutiveFailures: failures,
      retryAfter: sql`${timestampParam(now)} + (${delays})[least(${failures}, ${backoffMs.length})] * interval '1 millisecond'`,
    })
    .where(
      and(
        eq(pushSubscriptions.id, id),
        or(isNull(pushSubscriptions.retryAfter), lte(pushSubscriptions.retryAfter, now)),
      ),
    );
}

/**
 * The first `limit` waiting participants of a session in queue order, with a member (a deleted
 * member's turn is passed over at once, so it takes no time): the turn holder first, then those
 * 1, 2, ... turns behind. Read in the step's transaction, after the step wrote its changes, over
 * the (session_id, queue_position) index.
 */
export async function listNextInQueue(executor: Executor, sessionId: string, limit: number) {
  return executor
    .select({ participantId: participants.id, memberId: participants.memberId })
    .from(participants)
    .where(and(eq(participants.sessionId, sessionId), isNull(participants.outcome), isNotNull(participants.memberId)))
    .orderBy(asc(participants.queuePosition), asc(participants.bidPriority))
    .limit(limit);
}
