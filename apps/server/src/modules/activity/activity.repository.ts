/** The activity log: what members and administrators did, for the dashboards. */
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { activities, members } from '../../db/schema/index.ts';

export type ActivityType = 'login' | 'bid' | 'profile' | 'user' | 'station' | 'session' | 'system';

export async function recordActivity(
  executor: Executor,
  entry: {
    memberId: string | null;
    actorName: string;
    type: ActivityType;
    title: string;
    description?: string;
    details?: Record<string, unknown>;
    at: Date;
  },
): Promise<void> {
  await executor.insert(activities).values({
    memberId: entry.memberId,
    actorName: entry.actorName,
    type: entry.type,
    title: entry.title,
    description: entry.description ?? '',
    details: entry.details ?? {},
    createdAt: entry.at,
  });
}

export type ActivityRow = typeof activities.$inferSelect;

/**
 * Everyone's activity, newest first (the identity breaks ties within one instant), with the name
 * its member has now; `member` is null when the member was deleted since.
 */
export async function listRecentActivities(
  executor: Executor,
  limit: number,
): Promise<{ activity: ActivityRow; member: { firstName: string; lastName: string } | null }[]> {
  return executor
    .select({ activity: activities, member: { firstName: members.firstName, lastName: members.lastName } })
    .from(activities)
    .leftJoin(members, eq(members.id, activities.memberId))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit);
}
