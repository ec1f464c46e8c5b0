/**
 * The System Status tab: per channel (e-mail, SMS, Web Push) whether the server is configured to
 * deliver, when it last delivered, how many messages wait and how many were given up on; for push
 * also the devices that receive it and those removed because their subscription expired. Then the
 * latest failed attempts with the provider's reason and what happens next: a retry, nothing more,
 * or the device removed. All figures come from the outbox (get-status).
 */
import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  type DeliveryChannel,
  type DeliveryChannelStatus,
  type DeliveryFailure,
  NOTIFICATION_SETTINGS_MESSAGES,
  type PushDeliveryStatus,
  TIMERS,
} from '@stationbid/domain';
import { IconRefresh } from '@tabler/icons-react';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { formatDateTime } from '../../../lib/session-format.ts';
import { useNotificationStatusQuery } from '../api/notification-queries.ts';

export const CHANNEL_TITLES: Record<DeliveryChannel, string> = { email: 'E-mail', sms: 'SMS', push: 'Push' };

const NOT_CONFIGURED_HINTS: Record<DeliveryChannel, string> = {
  email: 'E-mail is not configured: messages stay queued until the server has SMTP settings.',
  sms: 'SMS is not configured: text messages stay queued until the server has a text-message provider account.',
  push: 'Push is not configured: push notifications stay queued until the server can sign them.',
};

const REMOVED_DEVICES_HINT =
  'Removed devices: their push service said the subscription had expired or was revoked, so nothing more is sent to them. The member turns push on again on that device in Notification Settings.';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

function ChannelCard({
  channel,
  status,
  nowMs,
}: {
  channel: DeliveryChannel;
  status: DeliveryChannelStatus | PushDeliveryStatus;
  nowMs: number;
}) {
  const timeZone = useDepartmentTimeZone();
  const title = CHANNEL_TITLES[channel];
  return (
    <Card component="section" withBorder padding="md" radius="md" aria-label={`${title} delivery`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            {title}
          </Title>
          <Badge color={status.isConfigured ? 'green' : 'gray'} variant="light">
            {status.isConfigured ? 'Configured' : 'Not configured'}
          </Badge>
        </Group>
        {!status.isConfigured && (
          <Text size="sm" c="gray.7">
            {NOT_CONFIGURED_HINTS[channel]}
          </Text>
        )}
        <SimpleGrid cols={3} spacing="xs">
          <Figure
            label="Last delivered"
            value={status.lastSentAt === null ? 'Never' : formatRelativeTime(status.lastSentAt, nowMs, { timeZone })}
          />
          <Figure label="Queued" value={String(status.queued)} />
          <Figure label="Failed" value={String(status.failed)} />
          {'devices' in status && (
            <>
              <Figure label="Devices" value={String(status.devices)} />
              <Figure label="Devices removed" value={String(status.removedDevices)} />
            </>
          )}
        </SimpleGrid>
        {'removedDevices' in status && status.removedDevices > 0 && (
          <Text size="sm" c="gray.7">
            {REMOVED_DEVICES_HINT}
          </Text>
        )}
        {status.lastSentAt !== null && (
          <Text size="xs" c="gray.7">
            Last delivery {formatDateTime(status.lastSentAt, { timeZone })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** What happens to the message next, in words (the badge's colour only repeats them). */
function NextStep({ failure }: { failure: DeliveryFailure }) {
  const timeZone = useDepartmentTimeZone();
  if (failure.willRetry) return <>Retry {formatDateTime(failure.nextAttemptAt, { timeZone, withSeconds: false })}</>;
  if (failure.deviceRemoved) {
    return (
      <Badge color="orange" variant="light" style={{ flexShrink: 0 }}>
        Device removed
      </Badge>
    );
  }
  return <>Given up</>;
}

function FailuresTable({ failures }: { failures: DeliveryFailure[] }) {
  const timeZone = useDepartmentTimeZone();
  if (failures.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        No failed deliveries.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer
      minWidth={640}
      // On a phone the table is wider than the screen: its scrolling area takes the keyboard focus,
      // so it can be scrolled without a mouse (axe: scrollable-region-focusable).
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Recent failures, scrollable' } }}
    >
      <Table striped aria-label="Recent failures">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Channel</Table.Th>
            <Table.Th>Recipient</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Last attempt</Table.Th>
            <Table.Th>Next</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {failures.map((failure) => (
            <Table.Tr key={failure.id}>
              <Table.Td>{CHANNEL_TITLES[failure.channel]}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{failure.recipient}</Table.Td>
              <Table.Td>{failure.lastError}</Table.Td>
              <Table.Td>{failure.attempts}</Table.Td>
              <Table.Td>{formatDateTime(failure.lastAttemptAt, { timeZone, withSeconds: false })}</Table.Td>
              <Table.Td>
                <NextStep failure={failure} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function DeliveryStatusPanel() {
  const statusQuery = useNotificationStatusQuery();
  const nowMs = useNow(TIMERS.liveRefreshMs);
  const refresh = (
    <Button
      variant="light"
      leftSection={<IconRefresh size={16} aria-hidden />}
      onClick={() => statusQuery.refetch()}
      loading={statusQuery.isFetching}
    >
      Refresh
    </Button>
  );

  if (statusQuery.isError) {
    return (
      <LoadError
        title={NOTIFICATION_SETTINGS_MESSAGES.statusLoadFailed}
        error={statusQuery.error}
        onRetry={() => statusQuery.refetch()}
        isRetrying={statusQuery.isFetching}
      />
    );
  }
  if (statusQuery.data === undefined) {
    return (
      <Text role="status" size="sm" c="gray.7">
        Loading delivery status…
      </Text>
    );
  }
  const { status } = statusQuery.data;
  return (
    <Stack gap="md">
      <Group justify="flex-end">{refresh}</Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <ChannelCard channel="email" status={status.email} nowMs={nowMs} />
        <ChannelCard channel="sms" status={status.sms} nowMs={nowMs} />
        <ChannelCard channel="push" status={status.push} nowMs={nowMs} />
      </SimpleGrid>
      <SectionCard title="Recent failures">
        <FailuresTable failures={status.recentFailures} />
      </SectionCard>
    </Stack>
  );
}
