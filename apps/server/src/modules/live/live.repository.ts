/** Queries of the live stream: who opens a stream, and the sessions it asks to watch. */
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bidSessions, members } from '../../db/schema/index.ts';

export async function findMemberAccess(executor: Executor, memberId: string) {
  const [row] = await executor
    .select({ id: members.id, isAdmin: members.isAdmin, isActive: members.isActive })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  return row;
}

export async function findSessionStatuses(executor: Executor, sessionIds: readonly string[]) {
  if (sessionIds.length === 0) return [];
  return executor
    .select({ id: bidSessions.id, status: bidSessions.status })
    .from(bidSessions)
    .where(inArray(bidSessions.id, [...sessionIds]));
}
