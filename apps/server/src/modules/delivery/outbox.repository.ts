/** Queries on the outbox: claiming due messages under a lease, recording outcomes, counting. */
import { and, asc, count, desc, eq, inArray, isNotNull, lte, max, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';

export type OutboxChannel = 'email' | 'sms' | 'push';
export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Claims up to `limit` due messages of the given channels in one statement: rows that wait for
 * their next attempt, and rows left 'sending' whose lease ran out (a worker died mid-send). The
 * inner SELECT locks with SKIP LOCKED, so two workers never claim the same row and never wait for
 * each other. A claimed row is 'sending' with `nextAttemptAt` at the end of the lease; the claim
 * commits at once, so no transaction stays open while a message is on the network.
 */
export async function claimDueMessages(
  executor: Executor,
  where: { channels: OutboxChannel[]; now: Date; leaseEndsAt: Date; limit: number },
): Promise<OutboxRow[]> {
  if (where.channels.length === 0) return [];
  const due = executor
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        inArray(outbox.status, ['pending', 'sending']),
        lte(outbox.nextAttemptAt, where.now),
        inArray(outbox.channel, where.channels),
      ),
    )
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.createdAt))
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
  return claimed.sort((first, second) => first.createdAt.getTime() - second.createdAt.getTime());
}

/**
 * Records the outcome of an attempt, only while this worker still holds the claim (same attempt
 * number, still 'sending'); false means the lease ran out and the row was claimed again.
 */
export async function recordAttemptOutcome(
  executor: Executor,
  claim: { id: string; attempts: number },
  outcome:
    | { status: 'sent'; sentAt: Date }
    | { status: 'pending'; nextAttemptAt: Date; lastError: string }
    | { status: 'failed'; lastError: string },
): Promise<boolean> {
  const updated = await executor
    .update(outbox)
    .set(outcome)
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
 * The latest failed attempts of e-mail and SMS: messages given up on, and messages waiting to be
 * retried. Push is left out until the status screen has a place for it (its answer lists e-mail
 * and SMS only); a push that failed is in the outbox and the log.
 */
export async function listRecentFailures(executor: Executor, limit: number) {
  return executor
    .select({
      id: outbox.id,
      channel: outbox.channel,
      kind: outbox.kind,
      recipient: outbox.recipient,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      lastAttemptAt: outbox.lastAttemptAt,
      nextAttemptAt: outbox.nextAttemptAt,
    })
    .from(outbox)
    .where(
      and(
        isNotNull(outbox.lastError),
        or(eq(outbox.status, 'failed'), eq(outbox.status, 'pending')),
        inArray(outbox.channel, ['email', 'sms']),
      ),
    )
    .orderBy(desc(outbox.lastAttemptAt))
    .limit(limit);
}
