/** Queries of a roster sync: who is active now, who is bidding now, and the deactivations. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bidSessions, members, participants } from '../../db/schema/index.ts';

/** An active member as a roster sync weighs leaving them out. */
export interface ActiveRosterMember {
  id: string;
  employeeId: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
}

/** Every active member: the ones a roster leaves out are deactivated (about 50 bytes each, 20,000 at most in practice). */
export async function listActiveMembers(executor: Executor): Promise<ActiveRosterMember[]> {
  return executor
    .select({
      id: members.id,
      employeeId: members.employeeId,
      firstName: members.firstName,
      lastName: members.lastName,
      isAdmin: members.isAdmin,
    })
    .from(members)
    .where(eq(members.isActive, true));
}

/** The members taking part in a session that is running (active or paused), with its name. */
export async function findMembersInRunningSessions(executor: Executor): Promise<Map<string, string>> {
  const rows = await executor
    .select({ memberId: participants.memberId, sessionName: bidSessions.name })
    .from(participants)
    .innerJoin(bidSessions, eq(bidSessions.id, participants.sessionId))
    .where(inArray(bidSessions.status, ['active', 'paused']));
  return new Map(rows.flatMap((row) => (row.memberId === null ? [] : [[row.memberId, row.sessionName] as const])));
}

/** Rows per UPDATE: well under PostgreSQL's 65,535 bind parameters. */
const DEACTIVATE_BATCH = 1000;

/** Deactivates these members (those still active); answers the ids it changed. */
export async function deactivateMembers(
  executor: Executor,
  memberIds: readonly string[],
  now: Date,
): Promise<string[]> {
  const changed: string[] = [];
  for (let start = 0; start < memberIds.length; start += DEACTIVATE_BATCH) {
    const batch = memberIds.slice(start, start + DEACTIVATE_BATCH);
    const rows = await executor
      .update(members)
      .set({ isActive: false, updatedAt: now })
      .where(and(inArray(members.id, batch), eq(members.isActive, true)))
      .returning({ id: members.id });
    changed.push(...rows.map((row) => row.id));
  }
  return changed;
}
