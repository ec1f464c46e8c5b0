/**
 * The delivery status screen's webhooks (Notification Management, Webhooks tab): the latest
 * deliveries, one event to one endpoint each, with their status, the last answer's code and time,
 * and the attempts made. A delivery that failed for good, or waits for its next try, says why.
 */
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { formatDateTime } from '../../../lib/session-format.ts';
import { useWebhookDeliveriesQuery } from '../api/webhook-queries.ts';
import { WEBHOOK_STATUS_LABELS } from './webhook-management.tsx';

export function WebhookDeliveries() {
  const query = useWebhookDeliveriesQuery();
  const timeZone = useDepartmentTimeZone();
  const refresh = (
    <Button
      variant="light"
      size="xs"
      leftSection={<IconRefresh size={16} aria-hidden />}
      onClick={() => query.refetch()}
      loading={query.isFetching}
    >
      Refresh
    </Button>
  );
  return (
    <SectionCard title="Webhook deliveries" aside={refresh}>
      {query.isError && (
        <LoadError
          title="Failed to load webhook deliveries"
          error={query.error}
          onRetry={() => query.refetch()}
          isRetrying={query.isFetching}
        />
      )}
      {query.isPending && (
        <Text role="status" size="sm" c="gray.7">
          Loading webhook deliveries…
        </Text>
      )}
      {query.isSuccess && query.data.length === 0 && (
        <Text size="sm" c="gray.7">
          No webhook deliveries yet. Endpoints are added on the Integrations page.
        </Text>
      )}
      {query.isSuccess && query.data.length > 0 && (
        <Table.ScrollContainer
          minWidth={720}
          // Wider than a phone: the scrolling area takes the keyboard focus (axe: scrollable-region-focusable).
          scrollAreaProps={{
            viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Webhook deliveries, scrollable' },
          }}
        >
          <Table striped aria-label="Webhook deliveries">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Endpoint</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Response</Table.Th>
                <Table.Th>Attempts</Table.Th>
                <Table.Th>Time</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.map((delivery) => {
                const status = WEBHOOK_STATUS_LABELS[delivery.status];
                return (
                  <Table.Tr key={delivery.id}>
                    <Table.Td style={{ wordBreak: 'break-all' }}>
                      {delivery.endpointUrl ?? 'A deleted endpoint'}
                    </Table.Td>
                    <Table.Td>{delivery.event}</Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        <Group gap={4}>
                          <Badge color={status.color} variant="light">
                            {status.label}
                          </Badge>
                        </Group>
                        {delivery.lastError && delivery.status !== 'delivered' && (
                          <Text size="xs">{delivery.lastError}</Text>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      {delivery.responseCode ?? 'No answer'}
                      {delivery.durationMs !== null && (
                        <Text span size="xs" c="gray.7">
                          {' '}
                          in {delivery.durationMs} ms
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{delivery.attempts}</Table.Td>
                    <Table.Td>
                      {formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt, { timeZone, withSeconds: true })}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}
