/**
 * The turn clock's work list (jobs/turn-clock.ts): the one engine query that runs outside a
 * session's lock, apart from the loading and writing that run under it.
 */
import { and, eq, exists, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bidSessions, participants } from '../../db/schema/index.ts';

/**
 * Sessions the turn clock has work for at `now`: active ones whose turn deadline has passed, and
 * scheduled ones (with participants) whose start time has come. Read without locks; each is
 * locked and checked again before anything changes.
 */
export async function listDueSessionIds(executor: Executor, now: Date, limit: number): Promise<string[]> {
  const hasParticipants = executor
    .select({ one: sql`1` })
    .from(participants)
    .where(eq(participants.sessionId, bidSessions.id));
  const rows = await executor
    .select({ id: bidSessions.id })
    .from(bidSessions)
    .where(
      or(
        // Strictly before now: a bid exactly at the deadline still counts.
        and(eq(bidSessions.status, 'active'), lt(bidSessions.currentBidEnd, now)),
        and(eq(bidSessions.status, 'scheduled'), lte(bidSessions.scheduledStart, now), exists(hasParticipants)),
      ),
    )
    .orderBy(sql`coalesce(${bidSessions.currentBidEnd}, ${bidSessions.scheduledStart})`)
    .limit(limit);
  return rows.map((row) => row.id);
}
