/**
 * E-mail, SMS and push at a glance on the admin dashboard (issue 6: "the administrator sees on one page
 * what the system is doing and what failed"): whether each channel is configured, what waits, what
 * failed, and the latest failures' reasons; the full detail is on Notification Management.
 */
import { Anchor, Badge, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { DeliveryChannelStatus } from '@stationbid/domain';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { paths } from '../../../config/paths.ts';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { CHANNEL_TITLES, useNotificationStatusQuery } from '../../notifications/index.ts';

/** The dashboard shows the latest few; Notification Management lists them all. */
const FAILURES_SHOWN = 3;

function ChannelRow({ label, status, nowMs }: { label: string; status: DeliveryChannelStatus; nowMs: number }) {
  const timeZone = useDepartmentTimeZone();
  return (
    <Table.Tr>
      <Table.Th scope="row">{label}</Table.Th>
      <Table.Td>
        <Badge color={status.isConfigured ? 'green' : 'gray'} variant="light">
          {status.isConfigured ? 'Configured' : 'Not configured'}
        </Badge>
      </Table.Td>
      <Table.Td>{status.queued} queued</Table.Td>
      <Table.Td c={status.failed > 0 ? 'red.8' : undefined}>{status.failed} failed</Table.Td>
      <Table.Td>
        {status.lastSentAt === null
          ? 'Nothing sent yet'
          : `Last sent ${formatRelativeTime(status.lastSentAt, nowMs, { timeZone })}`}
      </Table.Td>
    </Table.Tr>
  );
}

export function MessageDeliveryCard({ nowMs }: { nowMs: number }) {
  const statusQuery = useNotificationStatusQuery();
  const link = (
    <Anchor component={Link} to={paths.admin.notifications} size="sm">
      Notification Management
    </Anchor>
  );

  return (
    <SectionCard title="Messages" aside={link}>
      {statusQuery.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading message delivery" />
      ) : statusQuery.isError ? (
        <LoadError
          title="Failed to load message delivery"
          error={statusQuery.error}
          onRetry={() => statusQuery.refetch()}
          isRetrying={statusQuery.isFetching}
        />
      ) : (
        <Stack gap="sm">
          <Table.ScrollContainer
            minWidth={420}
            // Wider than a phone: the scrolling area takes the keyboard focus, so it scrolls without a mouse.
            scrollAreaProps={{
              viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Message delivery, scrollable' },
            }}
          >
            <Table fz="sm" aria-label="E-mail, SMS and push delivery">
              <Table.Tbody>
                <ChannelRow label="E-mail" status={statusQuery.data.status.email} nowMs={nowMs} />
                <ChannelRow label="SMS" status={statusQuery.data.status.sms} nowMs={nowMs} />
                <ChannelRow label="Push" status={statusQuery.data.status.push} nowMs={nowMs} />
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {statusQuery.data.status.recentFailures.length === 0 ? (
            <Text size="sm">No failed deliveries.</Text>
          ) : (
            <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {statusQuery.data.status.recentFailures.slice(0, FAILURES_SHOWN).map((failure) => (
                <Group key={failure.id} component="li" gap="xs" wrap="nowrap" align="flex-start">
                  <Badge color={failure.willRetry ? 'yellow' : 'red'} variant="light">
                    {failure.willRetry ? 'Retrying' : 'Failed'}
                  </Badge>
                  <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {CHANNEL_TITLES[failure.channel]} to {failure.recipient}: {failure.lastError}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
