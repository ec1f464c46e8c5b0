import { Loader, Stack, Text } from '@mantine/core';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { useDashboardActivityQuery } from '../api/dashboard-queries.ts';

/** The member's 5 latest sign-ins, bids and profile changes. */
export function RecentActivityCard({ nowMs }: { nowMs: number }) {
  const timeZone = useDepartmentTimeZone();
  const activity = useDashboardActivityQuery();

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
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {activity.data.map((item) => (
            <li key={item.id}>
              <Text size="sm" fw={600}>
                {item.title}
              </Text>
              <Text size="sm">{item.description}</Text>
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
