/** The activity log: what members and administrators did, for the dashboards. */
import type { Executor } from '../../db/client.ts';
import { activities } from '../../db/schema/index.ts';

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
