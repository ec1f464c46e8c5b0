/**
 * The System Status tab: per channel whether the server is configured to deliver, when it last
 * delivered, how many messages wait and how many were given up on, then the latest failed
 * attempts with the provider's reason. All figures come from the outbox (get-status).
 */
import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  type DeliveryChannelStatus,
  type DeliveryFailure,
  NOTIFICATION_SETTINGS_MESSAGES,
  type NotificationChannel,
} from '@stationbid/domain';
import { IconRefresh } from '@tabler/icons-react';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { formatDateTime } from '../../../lib/session-format.ts';
import { useNotificationStatusQuery } from '../api/manage-notifications.ts';

export const CHANNEL_TITLES: Record<NotificationChannel, string> = { email: 'E-mail', sms: 'SMS' };

const NOT_CONFIGURED_HINTS: Record<NotificationChannel, string> = {
  email: 'E-mail is not configured: messages stay queued until the server has SMTP settings.',
  sms: 'SMS is not configured: text messages stay queued until the server has a text-message provider account.',
};

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
  channel: NotificationChannel;
  status: DeliveryChannelStatus;
  nowMs: number;
}) {
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
            value={status.lastSentAt === null ? 'Never' : formatRelativeTime(status.lastSentAt, nowMs)}
          />
          <Figure label="Queued" value={String(status.queued)} />
          <Figure label="Failed" value={String(status.failed)} />
        </SimpleGrid>
        {status.lastSentAt !== null && (
          <Text size="xs" c="gray.7">
            Last delivery {formatDateTime(status.lastSentAt)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function FailuresTable({ failures }: { failures: DeliveryFailure[] }) {
  if (failures.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        No failed deliveries.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
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
              <Table.Td>{formatDateTime(failure.lastAttemptAt, { withSeconds: false })}</Table.Td>
              <Table.Td>
                {failure.willRetry
                  ? `Retry ${formatDateTime(failure.nextAttemptAt, { withSeconds: false })}`
                  : 'Given up'}
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
  const nowMs = Date.now();
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
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ChannelCard channel="email" status={status.email} nowMs={nowMs} />
        <ChannelCard channel="sms" status={status.sms} nowMs={nowMs} />
      </SimpleGrid>
      <SectionCard title="Recent failures">
        <FailuresTable failures={status.recentFailures} />
      </SectionCard>
    </Stack>
  );
}
