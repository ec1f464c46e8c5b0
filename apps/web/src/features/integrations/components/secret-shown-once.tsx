/**
 * A secret shown once, with a copy button: an API token after it is created, a webhook's signing
 * secret after it is registered or rotated. It lives only in the dialog's state: closing the dialog
 * forgets it, and the server keeps no copy it could show again (a token's hash only).
 */
import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface SecretShownOnceProps {
  secret: string;
  /** What it is, as its field's label: "API token", "Signing secret". */
  label: string;
  /** The word its copy button uses: "token", "secret". */
  noun: string;
  /** Why it must be copied now, and what to do if it is lost. */
  warning: ReactNode;
  /** How the other system uses it. */
  usage: ReactNode;
  onDone: () => void;
}

export function SecretShownOnce({ secret, label, noun, warning, usage, onDone }: SecretShownOnceProps) {
  const copyLabel = `Copy ${noun}`;
  return (
    <Stack gap="sm">
      <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} title="Copy it now">
        {warning}
      </Alert>
      <TextInput
        label={label}
        value={secret}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { fontFamily: 'monospace' } }}
      />
      <Text size="sm" c="gray.7">
        {usage}
      </Text>
      <Group justify="flex-end" gap="sm">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            >
              {copied ? `${noun[0]?.toUpperCase()}${noun.slice(1)} copied` : copyLabel}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}

/** A webhook's signing secret, after registering the endpoint or rotating its secret. */
export function WebhookSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <SecretShownOnce
      secret={secret}
      label="Signing secret"
      noun="secret"
      warning="This signing secret will not be shown again. The receiving system checks each delivery's signature with it; if it is lost, rotate it and store the new one."
      usage={
        <>
          Each delivery carries <code>webhook-id</code>, <code>webhook-timestamp</code> and{' '}
          <code>webhook-signature</code> headers (Standard Webhooks).
        </>
      }
      onDone={onDone}
    />
  );
}

/** A new API token, after it is created. */
export function ApiTokenSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <SecretShownOnce
      secret={secret}
      label="API token"
      noun="token"
      warning="This token will not be shown again. Store it where the other system keeps its secrets; if it is lost, revoke it and create a new one."
      usage={
        <>
          Send it as <code>Authorization: Bearer</code> followed by the token.
        </>
      }
      onDone={onDone}
    />
  );
}
