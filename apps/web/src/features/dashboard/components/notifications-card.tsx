import { Badge, Box, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import type { UserNotification } from '@stationbid/domain';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { showError } from '../../../lib/toasts.ts';
import { useDashboardNotificationsQuery } from '../api/dashboard-queries.ts';
import { useMarkNotificationReadMutation } from '../api/mark-notification-read.ts';

function NotificationItem({ notification, nowMs }: { notification: UserNotification; nowMs: number }) {
  const timeZone = useDepartmentTimeZone();
  const markRead = useMarkNotificationReadMutation();
  const isUnread = notification.status === 'unread';
  const open = () => {
    if (!isUnread || markRead.isPending) return;
    markRead.mutate(notification.id, { onError: (error) => showError(error, 'Failed to mark notification as read') });
  };

  // The button is named by what it shows, its title and "Unread" (WCAG 2.5.3); the message and the
  // time describe it.
  return (
    <Box
      p="xs"
      bg={isUnread ? 'var(--mantine-color-blue-light)' : undefined}
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <UnstyledButton
        onClick={open}
        aria-describedby={`notification-${notification.id}`}
        style={{ display: 'block', width: '100%' }}
      >
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Text size="sm" fw={isUnread ? 700 : 400}>
            {notification.title}
          </Text>
          {isUnread && (
            <Badge size="xs" color="blue">
              Unread
            </Badge>
          )}
        </Group>
      </UnstyledButton>
      <div id={`notification-${notification.id}`}>
        <Text size="sm">{notification.message}</Text>
        <Text size="xs" c="dimmed">
          {formatRelativeTime(notification.timestamp, nowMs, { timeZone })}
        </Text>
      </div>
    </Box>
  );
}

/** The newest 5 notifications; clicking an unread one marks it read. */
export function NotificationsCard({ nowMs }: { nowMs: number }) {
  const notifications = useDashboardNotificationsQuery();
  const unreadCount = notifications.data?.unreadCount ?? 0;

  return (
    <SectionCard
      title="Notifications"
      aside={
        notifications.isSuccess && (
          <Badge color={unreadCount > 0 ? 'red' : 'gray'} variant="light">
            {unreadCount} unread
          </Badge>
        )
      }
    >
      {notifications.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading notifications" />
      ) : notifications.isError ? (
        <LoadError
          title="Failed to load notifications"
          error={notifications.error}
          onRetry={() => notifications.refetch()}
          isRetrying={notifications.isFetching}
        />
      ) : notifications.data.notifications.length === 0 ? (
        <Text size="sm" c="dimmed">
          No notifications yet.
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {notifications.data.notifications.map((notification) => (
            <li key={notification.id}>
              <NotificationItem notification={notification} nowMs={nowMs} />
            </li>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
