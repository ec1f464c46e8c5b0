/**
 * The Integrations page's webhooks: every endpoint with its events and its last delivery's result;
 * a dialog to add one (its signing secret shown once), and per endpoint: send a test event, turn it
 * on or off, rotate its secret (the new one shown once) and delete it after a confirmation. Cards
 * rather than a table, so that an endpoint reads whole on a phone.
 */
import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { WebhookDeliveryStatus, WebhookEndpoint } from '@stationbid/domain';
import { IconPlus, IconWebhook } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { formatDateTime } from '../../../lib/session-format.ts';
import { useDeleteWebhook } from '../api/delete-webhook.ts';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret.ts';
import { useSendWebhookTest } from '../api/send-webhook-test.ts';
import { useUpdateWebhook } from '../api/update-webhook.ts';
import { useWebhooksQuery } from '../api/webhook-queries.ts';
import { CreateWebhookDialog } from './create-webhook-dialog.tsx';
import { WebhookSecret } from './secret-shown-once.tsx';

export const WEBHOOK_STATUS_LABELS: Record<WebhookDeliveryStatus, { label: string; color: string }> = {
  delivered: { label: 'Delivered', color: 'green' },
  queued: { label: 'Queued', color: 'gray' },
  retrying: { label: 'Retrying', color: 'yellow' },
  failed: { label: 'Failed', color: 'red' },
};

export function WebhookManagement() {
  const titleId = useId();
  const query = useWebhooksQuery();
  const [isAdding, setIsAdding] = useState(false);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [rotated, setRotated] = useState<string | null>(null);

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={2} size="h4" id={titleId}>
            Webhooks
          </Title>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setIsAdding(true)}>
            Add webhook endpoint
          </Button>
        </Group>
        <Text size="sm" c="gray.7">
          StationBid posts the events you choose to another system's https:// address, signed with the endpoint's
          secret.
        </Text>
        {query.isPending && <Loader size="sm" role="status" aria-label="Loading webhook endpoints" />}
        {query.isError && (
          <Text size="sm" role="alert">
            {getErrorMessage(query.error, 'Failed to load webhook endpoints')}
          </Text>
        )}
        {query.isSuccess && query.data.length === 0 && (
          <Text size="sm" c="gray.7">
            No webhook endpoints yet.
          </Text>
        )}
        {query.isSuccess && query.data.length > 0 && (
          <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {query.data.map((endpoint) => (
              <WebhookRow
                key={endpoint.id}
                endpoint={endpoint}
                onDelete={() => setDeleting(endpoint)}
                onRotated={setRotated}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <CreateWebhookDialog opened={isAdding} onClose={() => setIsAdding(false)} />
      <DeleteWebhookDialog endpoint={deleting} onClose={() => setDeleting(null)} />
      <Modal
        opened={rotated !== null}
        onClose={() => setRotated(null)}
        title="New signing secret"
        centered
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        {rotated !== null && <WebhookSecret secret={rotated} onDone={() => setRotated(null)} />}
      </Modal>
    </Paper>
  );
}

function WebhookRow({
  endpoint,
  onDelete,
  onRotated,
}: {
  endpoint: WebhookEndpoint;
  onDelete: () => void;
  onRotated: (secret: string) => void;
}) {
  const timeZone = useDepartmentTimeZone();
  const [refusal, setRefusal] = useState<string | null>(null);
  const sendTest = useSendWebhookTest();
  const update = useUpdateWebhook();
  const rotate = useRotateWebhookSecret();
  const name = endpoint.description || endpoint.url;
  const onError = (fallback: string) => (error: unknown) => setRefusal(getErrorMessage(error, fallback));
  const last = endpoint.lastDelivery;
  return (
    <Paper component="li" withBorder p="sm" aria-label={name}>
      <Stack gap={6}>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconWebhook size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Badge color={endpoint.enabled ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
              {endpoint.enabled ? 'On' : 'Off'}
            </Badge>
          </Group>
          <Switch
            label="Send events"
            aria-label={`Send events to ${name}`}
            checked={endpoint.enabled}
            disabled={update.isPending}
            onChange={(event) =>
              update.mutate(
                { id: endpoint.id, enabled: event.currentTarget.checked },
                { onError: onError('Failed to save the webhook endpoint') },
              )
            }
          />
        </Group>
        {endpoint.description && (
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Text>
        )}
        <Group gap={6} wrap="wrap" aria-label="Events">
          {endpoint.events.map((event) => (
            <Badge key={event} variant="outline" tt="none">
              {event}
            </Badge>
          ))}
        </Group>
        {endpoint.disabledReason && (
          <Text size="sm" c="red.8">
            {endpoint.disabledReason}
          </Text>
        )}
        <Text size="sm">
          <Text span c="gray.7">
            Last delivery:{' '}
          </Text>
          {last === null
            ? 'None yet'
            : `${last.event}, ${WEBHOOK_STATUS_LABELS[last.status].label.toLowerCase()}${
                last.responseCode === null ? '' : ` (${last.responseCode})`
              }, ${formatDateTime(last.at, { timeZone, withSeconds: false })}`}
        </Text>
        {refusal !== null && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group gap="xs" wrap="wrap">
          <Button
            variant="default"
            size="xs"
            aria-label={`Send a test event to ${name}`}
            loading={sendTest.isPending}
            disabled={!endpoint.enabled}
            onClick={() => {
              setRefusal(null);
              sendTest.mutate(endpoint.id, { onError: onError('Failed to send a test event') });
            }}
          >
            Send test
          </Button>
          <Button
            variant="default"
            size="xs"
            aria-label={`Rotate the secret of ${name}`}
            loading={rotate.isPending}
            onClick={() => {
              setRefusal(null);
              rotate.mutate(endpoint.id, {
                onSuccess: (answer) => onRotated(answer.secret),
                onError: onError('Failed to rotate the signing secret'),
              });
            }}
          >
            Rotate secret
          </Button>
          <Button variant="default" color="red" size="xs" aria-label={`Delete ${name}`} onClick={onDelete}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function DeleteWebhookDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useDeleteWebhook({ onSuccess: onClose });
  const closeAndForget = () => {
    setRefusal(null);
    onClose();
  };
  return (
    <ConfirmDialog
      opened={endpoint !== null}
      title="Delete webhook endpoint"
      confirmLabel="Delete endpoint"
      isPending={remove.isPending}
      refusal={refusal}
      onClose={closeAndForget}
      onConfirm={() => {
        if (endpoint === null) return;
        setRefusal(null);
        remove.mutate(endpoint.id, {
          onError: (error) => setRefusal(getErrorMessage(error, 'Failed to delete the webhook endpoint')),
        });
      }}
    >
      {endpoint !== null && (
        <Text style={{ overflowWrap: 'anywhere' }}>
          Delete the endpoint {endpoint.url}? Nothing more is sent to it, and deliveries still waiting are dropped.
        </Text>
      )}
    </ConfirmDialog>
  );
}
