import { Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { useOnlineUsersQuery } from '../api/admin-dashboard-queries.ts';

/** The 5 members seen most recently, and how many are online in all (DISPLAY_COUNTS.adminOnlineUsers). */
export function OnlineUsersCard({ nowMs }: { nowMs: number }) {
  const timeZone = useDepartmentTimeZone();
  const online = useOnlineUsersQuery();

  return (
    <SectionCard
      title="Online Users"
      aside={
        online.data !== undefined && (
          <Badge variant="light" color="green" aria-label={`${online.data.total} online`}>
            {online.data.total} online
          </Badge>
        )
      }
    >
      {online.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading online users" />
      ) : online.isError ? (
        <LoadError
          title="Failed to load online users"
          error={online.error}
          onRetry={() => online.refetch()}
          isRetrying={online.isFetching}
        />
      ) : online.data.users.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody is online.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" aria-label="Online users" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {online.data.users.map((user) => (
            <Group key={user.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate component="div">
                  {user.firstName} {user.lastName}
                  {user.isAdmin && (
                    <Badge ml={6} size="xs" variant="light">
                      Admin
                    </Badge>
                  )}
                </Text>
                <Text size="xs" c="dimmed">
                  {user.rank}
                </Text>
              </div>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatRelativeTime(user.lastSeenAt, nowMs, { timeZone })}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
