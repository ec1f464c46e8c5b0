/**
 * The dialog that registers a webhook endpoint: its URL, a description and event checkboxes; then,
 * once, its signing secret with a copy button.
 */
import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import {
  createWebhookRequestSchema,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from '@stationbid/domain';
import { type FormEvent, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useCreateWebhook } from '../api/create-webhook.ts';
import { WebhookSecret } from './secret-shown-once.tsx';

/**
 * The browser checks the form loosely (local addresses allowed): the server decides with its own
 * setting, and production refuses them with a message the dialog shows.
 */
const formSchema = createWebhookRequestSchema({ allowLocalEndpoints: true });

interface FieldErrors {
  url?: string;
  description?: string;
  events?: string;
}

export function CreateWebhookDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => {
    setSecret(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={secret === null ? 'Add webhook endpoint' : 'Webhook endpoint added'}
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {opened && secret === null && <CreateWebhookForm onCancel={close} onCreated={setSecret} />}
      {secret !== null && <WebhookSecret secret={secret} onDone={close} />}
    </Modal>
  );
}

function CreateWebhookForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (secret: string) => void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const create = useCreateWebhook();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const parsed = formSchema.safeParse({ url, description, events });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'url' || field === 'description' || field === 'events') next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (answer) => onCreated(answer.secret),
      onError: (error) => setRefusal(getErrorMessage(error, 'Failed to add the webhook endpoint')),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add webhook endpoint">
      <Stack gap="sm">
        <TextInput
          label="URL"
          description="The https:// address of the receiving system"
          placeholder="https://hooks.example.org/stationbid"
          required
          type="url"
          autoComplete="off"
          data-autofocus
          value={url}
          error={errors.url}
          onChange={(event) => setUrl(event.currentTarget.value)}
        />
        <TextInput
          label="Description"
          description="Says who receives it, e.g. Scheduling system"
          autoComplete="off"
          maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH + 10}
          value={description}
          error={errors.description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <Checkbox.Group
          label="Events"
          description="What is sent to this endpoint"
          required
          value={events}
          error={errors.events}
          onChange={(value) => setEvents(value as WebhookEvent[])}
        >
          <Stack gap="xs" mt="xs">
            {WEBHOOK_EVENTS.map((name) => (
              <Checkbox key={name} value={name} label={name} description={WEBHOOK_EVENT_DESCRIPTIONS[name]} />
            ))}
          </Stack>
        </Checkbox.Group>
        {refusal !== null && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Add endpoint
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
