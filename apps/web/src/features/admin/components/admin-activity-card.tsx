import { Loader, Stack, Text } from '@mantine/core';
import type { AdminActivity } from '@stationbid/domain';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { useAdminActivityQuery } from '../api/admin-dashboard-queries.ts';

/**
 * "Elena Ramirez", or "Elena Ramirez, by Morgan Hale" when someone else acted for the member (a
 * phone-in bid, an automatic award), or the recorded name when the member was deleted since.
 */
export function describeActivityPeople(activity: Pick<AdminActivity, 'memberName' | 'actorName'>): string {
  if (activity.memberName === null) return activity.actorName;
  if (activity.actorName === '' || activity.actorName === activity.memberName) return activity.memberName;
  return `${activity.memberName}, by ${activity.actorName}`;
}

/** The department's 6 latest activities, whoever they belong to (DISPLAY_COUNTS.adminActivities). */
export function AdminActivityCard({ nowMs }: { nowMs: number }) {
  const timeZone = useDepartmentTimeZone();
  const activity = useAdminActivityQuery();

  return (
    <SectionCard title="Recent Activity">
      {activity.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading recent activity" />
      ) : activity.isError ? (
        <LoadError
          title="Failed to load recent activity"
          error={activity.error}
          onRetry={() => activity.refetch()}
          isRetrying={activity.isFetching}
        />
      ) : activity.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No recent activity.
        </Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          aria-label="Recent activity"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {activity.data.map((item) => (
            <li key={item.id}>
              <Text size="sm" fw={600}>
                {item.title}
              </Text>
              <Text size="sm">{describeActivityPeople(item)}</Text>
              {item.description !== '' && (
                <Text size="xs" c="dimmed">
                  {item.description}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {formatRelativeTime(item.timestamp, nowMs, { timeZone })}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
