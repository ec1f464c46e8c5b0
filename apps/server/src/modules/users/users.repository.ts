/** Queries on members. Repositories take a transaction or the database and hold no rules. */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members, seats, stations } from '../../db/schema/index.ts';
import { timestampParam } from '../../db/sql-helpers.ts';

/** A member with the seat they hold now, joined to its station. */
export const memberWithSeatColumns = {
  member: members,
  seatShift: seats.shift,
  seatPosition: seats.seatPosition,
  stationId: stations.id,
  stationName: stations.name,
  stationNumber: stations.number,
};

export type MemberRow = typeof members.$inferSelect;
export interface MemberWithSeat {
  member: MemberRow;
  seatShift: string | null;
  seatPosition: string | null;
  stationId: string | null;
  stationName: string | null;
  stationNumber: number | null;
}

function selectMembersWithSeat(executor: Executor) {
  return executor
    .select(memberWithSeatColumns)
    .from(members)
    .leftJoin(seats, eq(seats.id, members.currentSeatId))
    .leftJoin(stations, eq(stations.id, seats.stationId));
}

export async function findMemberWithSeatById(executor: Executor, id: string): Promise<MemberWithSeat | undefined> {
  const [row] = await selectMembersWithSeat(executor).where(eq(members.id, id)).limit(1);
  return row;
}

export async function findMemberByEmail(executor: Executor, email: string): Promise<MemberRow | undefined> {
  const [row] = await executor
    .select()
    .from(members)
    .where(eq(sql`lower(${members.email})`, email.toLowerCase()))
    .limit(1);
  return row;
}

/** The fields that decide bid priority, for every active member. */
export async function listActiveMemberRankings(executor: Executor) {
  return executor
    .select({
      id: members.id,
      employeeId: members.employeeId,
      yearsOfService: members.yearsOfService,
      rank: members.rank,
      position: members.position,
      manualSeniorityScore: members.manualSeniorityScore,
    })
    .from(members)
    .where(eq(members.isActive, true));
}

/** Marks the member as seen now, at most once a minute, so that "online" needs no extra writes. */
export async function touchMemberLastSeen(executor: Executor, id: string, now: Date): Promise<void> {
  await executor
    .update(members)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(members.id, id),
        sql`(${members.lastSeenAt} is null or ${members.lastSeenAt} < ${timestampParam(new Date(now.getTime() - 60_000))})`,
      ),
    );
}
