/** Queries of the member's calendar (issue 16): the rotation, feed tokens, and a member's shift. */
import type { DepartmentRotation, Shift } from '@stationbid/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  bidSessions,
  calendarFeeds,
  departmentSettings,
  members,
  participants,
  seats,
  stations,
} from '../../db/schema/index.ts';

const SETTINGS_ROW_ID = 1;

export async function readRotation(executor: Executor): Promise<DepartmentRotation | null> {
  const [row] = await executor.select().from(departmentSettings).where(eq(departmentSettings.id, SETTINGS_ROW_ID));
  if (!row?.rotationPattern || !row.rotationAnchorDate) return null;
  return { pattern: row.rotationPattern, anchorDate: row.rotationAnchorDate, shiftStartTime: row.shiftStartTime };
}

/** The one settings row, created by the first save. */
export async function saveRotation(executor: Executor, rotation: DepartmentRotation, adminId: string, at: Date) {
  const values = {
    rotationPattern: rotation.pattern,
    rotationAnchorDate: rotation.anchorDate,
    shiftStartTime: rotation.shiftStartTime,
    updatedAt: at,
    updatedBy: adminId,
  };
  await executor
    .insert(departmentSettings)
    .values({ id: SETTINGS_ROW_ID, ...values })
    .onConflictDoUpdate({ target: departmentSettings.id, set: values });
}

export async function findFeedOfMember(executor: Executor, memberId: string) {
  const [row] = await executor.select().from(calendarFeeds).where(eq(calendarFeeds.memberId, memberId));
  return row ?? null;
}

/** A member's one feed: a new token replaces the old one, whose address then stops working. */
export async function replaceFeedToken(executor: Executor, memberId: string, tokenHash: string, at: Date) {
  await executor
    .insert(calendarFeeds)
    .values({ memberId, tokenHash, createdAt: at })
    .onConflictDoUpdate({ target: calendarFeeds.memberId, set: { tokenHash, createdAt: at } });
}

export async function deleteFeedOfMember(executor: Executor, memberId: string) {
  await executor.delete(calendarFeeds).where(eq(calendarFeeds.memberId, memberId));
}

/** The active member a feed token's hash belongs to; a deactivated member's feed answers nothing. */
export async function findActiveMemberByFeedHash(executor: Executor, tokenHash: string) {
  const [row] = await executor
    .select({ id: members.id, firstName: members.firstName, lastName: members.lastName })
    .from(calendarFeeds)
    .innerJoin(members, eq(members.id, calendarFeeds.memberId))
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), eq(members.isActive, true)));
  return row ?? null;
}

export interface MemberShift {
  shift: Shift;
  /** The bid year of the member's latest completed session; null when they took part in none. */
  year: number | null;
  station: { number: number; name: string; address: string } | null;
  seatPosition: string;
}

/**
 * The member's shift: the seat they won in their latest completed session (by its end); when that
 * session gave them none (they passed, or it ended first), the seat they hold now, which they kept.
 * Without any completed session, the seat they hold now (given by an administrator).
 */
export async function findMemberShift(executor: Executor, memberId: string): Promise<MemberShift | null> {
  const [latest] = await executor
    .select({
      shift: participants.assignedShift,
      seatPosition: participants.assignedSeatPosition,
      year: bidSessions.year,
      stationNumber: participants.assignedStationNumber,
      stationName: participants.assignedStationName,
      address: stations.address,
    })
    .from(participants)
    .innerJoin(bidSessions, eq(bidSessions.id, participants.sessionId))
    .leftJoin(stations, eq(stations.id, participants.assignedStationId))
    .where(and(eq(participants.memberId, memberId), eq(bidSessions.status, 'completed')))
    .orderBy(desc(sql`coalesce(${bidSessions.actualEnd}, ${bidSessions.updatedAt})`))
    .limit(1);
  const year = latest?.year ?? null;
  if (latest?.shift) {
    return {
      shift: latest.shift as Shift,
      year,
      station:
        latest.stationNumber !== null && latest.stationName !== null
          ? { number: latest.stationNumber, name: latest.stationName, address: latest.address ?? '' }
          : null,
      seatPosition: latest.seatPosition ?? '',
    };
  }
  const [held] = await executor
    .select({
      shift: seats.shift,
      seatPosition: seats.seatPosition,
      number: stations.number,
      name: stations.name,
      address: stations.address,
    })
    .from(members)
    .innerJoin(seats, eq(seats.id, members.currentSeatId))
    .innerJoin(stations, eq(stations.id, seats.stationId))
    .where(eq(members.id, memberId));
  if (!held) return null;
  return {
    shift: held.shift as Shift,
    year,
    station: { number: held.number, name: held.name, address: held.address },
    seatPosition: held.seatPosition,
  };
}
