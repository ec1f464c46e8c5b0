/**
 * The dialog that creates an API token: a name, scope checkboxes and an expiry; then, once, the
 * token itself with a copy button. The secret lives only in this dialog's state: closing it forgets
 * the secret, and the server keeps only its hash, so it can never be shown again.
 */
import { Alert, Button, Checkbox, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import {
  API_TOKEN_SCOPE_DESCRIPTIONS,
  API_TOKEN_SCOPES,
  type ApiTokenScope,
  createApiTokenRequestSchema,
  MAX_API_TOKEN_NAME_LENGTH,
} from '@stationbid/domain';
import { type FormEvent, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useCreateApiToken } from '../api/create-api-token.ts';
import { ApiTokenSecret } from './secret-shown-once.tsx';

const DAY_MS = 24 * 60 * 60 * 1000;
const EXPIRY_OPTIONS = [
  { value: 'never', label: 'Never' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In 1 year' },
];

/** The expiry the server is sent: days from now, or null for never. */
export function expiryFromChoice(choice: string, now: number = Date.now()): string | null {
  const days = Number(choice);
  return Number.isFinite(days) && days > 0 ? new Date(now + days * DAY_MS).toISOString() : null;
}

export function CreateApiTokenDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created === null ? 'Create API token' : `API token "${created.name}" created`}
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {opened && created === null && <CreateApiTokenForm onCancel={close} onCreated={setCreated} />}
      {created !== null && <ApiTokenSecret secret={created.secret} onDone={close} />}
    </Modal>
  );
}

interface FieldErrors {
  name?: string;
  scopes?: string;
}

function CreateApiTokenForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (created: { name: string; secret: string }) => void;
}) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>([]);
  const [expiry, setExpiry] = useState('never');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const create = useCreateApiToken();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const parsed = createApiTokenRequestSchema.safeParse({ name, scopes, expiresAt: expiryFromChoice(expiry) });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'name' || field === 'scopes') next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (answer) => onCreated({ name: answer.token.name, secret: answer.secret }),
      onError: (error) => setRefusal(getErrorMessage(error, 'Failed to create the API token')),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Create API token">
      <Stack gap="sm">
        <TextInput
          label="Name"
          description="Says who uses it, e.g. HR roster sync"
          required
          autoComplete="off"
          data-autofocus
          maxLength={MAX_API_TOKEN_NAME_LENGTH + 10}
          value={name}
          error={errors.name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Checkbox.Group
          label="Scopes"
          description="What the token may do; it can call nothing else"
          required
          value={scopes}
          error={errors.scopes}
          onChange={(value) => setScopes(value as ApiTokenScope[])}
        >
          <Stack gap="xs" mt="xs">
            {API_TOKEN_SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} label={scope} description={API_TOKEN_SCOPE_DESCRIPTIONS[scope]} />
            ))}
          </Stack>
        </Checkbox.Group>
        <NativeSelect
          label="Expires"
          data={EXPIRY_OPTIONS}
          value={expiry}
          onChange={(event) => setExpiry(event.currentTarget.value)}
        />
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
            Create token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
