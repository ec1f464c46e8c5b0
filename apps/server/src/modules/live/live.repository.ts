/** Queries of the live stream: the sessions a stream asks to watch, and whose chat it may read. */
import { and, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bidSessions, liveTicketUses, participants } from '../../db/schema/index.ts';

/** Which of these members take part in which of these sessions. */
export async function findParticipations(
  executor: Executor,
  memberIds: readonly string[],
  sessionIds: readonly string[],
): Promise<{ memberId: string | null; sessionId: string }[]> {
  if (memberIds.length === 0 || sessionIds.length === 0) return [];
  return executor
    .select({ memberId: participants.memberId, sessionId: participants.sessionId })
    .from(participants)
    .where(and(inArray(participants.memberId, [...memberIds]), inArray(participants.sessionId, [...sessionIds])));
}

export async function findSessionStatuses(executor: Executor, sessionIds: readonly string[]) {
  if (sessionIds.length === 0) return [];
  return executor
    .select({ id: bidSessions.id, status: bidSessions.status })
    .from(bidSessions)
    .where(inArray(bidSessions.id, [...sessionIds]));
}

/**
 * Uses up a live ticket: true the first time, in any server process (the primary key decides),
 * false after. Tickets past their expiry are deleted on the way; they are refused as expired anyway.
 */
export async function claimLiveTicket(
  executor: Executor,
  ticket: { ticketId: string; expiresAt: Date },
  now: Date,
): Promise<boolean> {
  await executor.delete(liveTicketUses).where(lt(liveTicketUses.expiresAt, now));
  const inserted = await executor
    .insert(liveTicketUses)
    .values({ ticketId: ticket.ticketId, expiresAt: ticket.expiresAt })
    .onConflictDoNothing()
    .returning({ ticketId: liveTicketUses.ticketId });
  return inserted.length === 1;
}
