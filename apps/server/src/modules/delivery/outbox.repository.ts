/** Queries on the outbox: claiming due messages under a lease, recording outcomes, counting. */
import { and, asc, count, desc, eq, inArray, isNotNull, like, lte, max, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members, outbox, pushSubscriptions } from '../../db/schema/index.ts';
import { DEVICE_REMOVED_NOTE } from './message-senders.ts';

/**
 * 'webhook': one event to one administrator's endpoint (modules/webhooks/). In the outbox rather
 * than a table of its own so an event is queued in the transaction of the change that causes it and
 * is claimed, leased, retried and backed off exactly as the other messages, in a lane of its own
 * (decision 017): an endpoint that hangs holds webhook slots only.
 */
export type OutboxChannel = 'email' | 'sms' | 'push' | 'webhook';
export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Claims up to `limit` due messages of one channel in one statement, most urgent first (priority,
 * then due time): rows that wait for their next attempt, and rows left 'sending' whose lease ran
 * out (a worker died mid-send). The inner SELECT reads outbox_claim_idx and locks with SKIP LOCKED,
 * so two workers never claim the same row and never wait for each other. A claimed row is
 * 'sending' with `nextAttemptAt` at the end of the lease; the claim commits at once, so no
 * transaction stays open while a message is on the network.
 */
export async function claimDueMessages(
  executor: Executor,
  where: { channel: OutboxChannel; now: Date; leaseEndsAt: Date; limit: number },
): Promise<OutboxRow[]> {
  const due = executor
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.channel, where.channel),
        inArray(outbox.status, ['pending', 'sending']),
        lte(outbox.nextAttemptAt, where.now),
      ),
    )
    .orderBy(asc(outbox.priority), asc(outbox.nextAttemptAt), asc(outbox.createdAt))
    .limit(where.limit)
    .for('update', { skipLocked: true });
  const claimed = await executor
    .update(outbox)
    .set({
      status: 'sending',
      attempts: sql`${outbox.attempts} + 1`,
      lastAttemptAt: where.now,
      nextAttemptAt: where.leaseEndsAt,
    })
    .where(inArray(outbox.id, due))
    .returning();
  return claimed.sort(
    (first, second) => first.priority - second.priority || first.createdAt.getTime() - second.createdAt.getTime(),
  );
}

/**
 * Records the outcome of an attempt, only while this worker still holds the claim (same attempt
 * number, still 'sending'); false means the lease ran out and the row was claimed again.
 * 'deferred' puts the message back without counting the claim as an attempt.
 */
export async function recordAttemptOutcome(
  executor: Executor,
  claim: { id: string; attempts: number },
  outcome:
    | { status: 'sent'; sentAt: Date }
    | { status: 'pending'; nextAttemptAt: Date; lastError: string }
    | { status: 'deferred'; nextAttemptAt: Date; lastError: string }
    | { status: 'failed'; lastError: string },
): Promise<boolean> {
  const values =
    outcome.status === 'deferred' ? { ...outcome, status: 'pending', attempts: claim.attempts - 1 } : outcome;
  const updated = await executor
    .update(outbox)
    .set(values)
    .where(and(eq(outbox.id, claim.id), eq(outbox.status, 'sending'), eq(outbox.attempts, claim.attempts)))
    .returning({ id: outbox.id });
  return updated.length === 1;
}

/** Messages per channel and status, and each channel's latest delivery. */
export async function countOutboxByChannel(executor: Executor) {
  const counts = await executor
    .select({ channel: outbox.channel, status: outbox.status, total: count() })
    .from(outbox)
    .groupBy(outbox.channel, outbox.status);
  const lastSent = await executor
    .select({ channel: outbox.channel, lastSentAt: max(outbox.sentAt) })
    .from(outbox)
    .where(eq(outbox.status, 'sent'))
    .groupBy(outbox.channel);
  return { counts, lastSent };
}

/** Queued messages of a channel (waiting or being sent). */
export async function countQueuedMessages(executor: Executor, channel: OutboxChannel): Promise<number> {
  const [row] = await executor
    .select({ total: count() })
    .from(outbox)
    .where(and(eq(outbox.channel, channel), inArray(outbox.status, ['pending', 'sending'])));
  return row?.total ?? 0;
}

/**
 * The latest failed attempts of one channel, newest first: messages given up on, and messages
 * waiting to be retried. With the member each was for (a push's `recipient` is only the id of a
 * device, which may be gone by now); null when there was none or they were deleted since.
 */
export async function listRecentFailures(executor: Executor, channel: OutboxChannel, limit: number) {
  return executor
    .select({
      id: outbox.id,
      channel: outbox.channel,
      kind: outbox.kind,
      recipient: outbox.recipient,
      memberFirstName: members.firstName,
      memberLastName: members.lastName,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      lastAttemptAt: outbox.lastAttemptAt,
      nextAttemptAt: outbox.nextAttemptAt,
    })
    .from(outbox)
    .leftJoin(members, eq(members.id, outbox.memberId))
    .where(
      and(
        eq(outbox.channel, channel),
        isNotNull(outbox.lastError),
        or(eq(outbox.status, 'failed'), eq(outbox.status, 'pending')),
      ),
    )
    .orderBy(desc(outbox.lastAttemptAt), desc(outbox.id))
    .limit(limit);
}

/** Whether a push's reason says its device was removed (see DEVICE_REMOVED_NOTE). */
export function isDeviceRemovedError(lastError: string | null): boolean {
  return lastError?.endsWith(DEVICE_REMOVED_NOTE) ?? false;
}

/**
 * Pushes given up on because the push service said the device's subscription was gone: one per
 * device removed, as the sender removes the device on that answer.
 */
export async function countRemovedDevices(executor: Executor): Promise<number> {
  const [row] = await executor
    .select({ total: count() })
    .from(outbox)
    .where(
      and(
        eq(outbox.channel, 'push'),
        eq(outbox.status, 'failed'),
        like(outbox.lastError, `%${escapeLikePattern(DEVICE_REMOVED_NOTE)}`),
      ),
    );
  return row?.total ?? 0;
}

/** The devices (push subscriptions) stored now, of every member. */
export async function countPushDevices(executor: Executor): Promise<number> {
  const [row] = await executor.select({ total: count() }).from(pushSubscriptions);
  return row?.total ?? 0;
}

/** LIKE's wildcards and its escape character, taken literally. */
function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
