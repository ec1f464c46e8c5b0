/**
 * The counts behind the administrators' dashboard. Each is one aggregate query, so the dashboard
 * costs the same with 30 members or 3,000. Stations and seats are read through the stations
 * module's queries instead, since their counts come from seat rows (decision 002).
 */
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bidSessions, bids, members } from '../../db/schema/index.ts';
import { timestampParam } from '../../db/sql-helpers.ts';

const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

export async function countMembers(executor: Executor, onlineSince: Date) {
  const [row] = await executor
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      active: countWhere(sql`${members.isActive}`),
      pending: countWhere(sql`${members.isActive} and ${members.passwordHash} is null`),
      admins: countWhere(sql`${members.isActive} and ${members.isAdmin}`),
      online: countWhere(sql`${members.isActive} and ${members.lastSeenAt} > ${timestampParam(onlineSince)}`),
    })
    .from(members);
  return row ?? { total: 0, active: 0, pending: 0, admins: 0, online: 0 };
}

/** How many sessions are in each status (statuses with none are absent). */
export async function countSessionsByStatus(executor: Executor): Promise<{ status: string; count: number }[]> {
  return executor
    .select({ status: bidSessions.status, count: sql<number>`count(*)`.mapWith(Number) })
    .from(bidSessions)
    .groupBy(bidSessions.status);
}

export async function countBids(executor: Executor, since: { day: Date; week: Date }) {
  const [row] = await executor
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      lastDay: countWhere(sql`${bids.createdAt} > ${timestampParam(since.day)}`),
      lastWeek: countWhere(sql`${bids.createdAt} > ${timestampParam(since.week)}`),
    })
    .from(bids);
  return row ?? { total: 0, lastDay: 0, lastWeek: 0 };
}

/** Active members seen after `since`, the most recently seen first. */
export async function listOnlineMembers(executor: Executor, since: Date, limit: number) {
  return executor
    .select({
      id: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      email: members.email,
      rank: members.rank,
      position: members.position,
      isAdmin: members.isAdmin,
      lastSeenAt: members.lastSeenAt,
    })
    .from(members)
    .where(and(eq(members.isActive, true), sql`${members.lastSeenAt} > ${timestampParam(since)}`))
    .orderBy(desc(members.lastSeenAt), asc(members.lastName), asc(members.firstName))
    .limit(limit);
}
