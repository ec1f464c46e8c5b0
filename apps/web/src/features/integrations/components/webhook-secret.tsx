/**
 * A signing secret shown once (after registering an endpoint or rotating its secret), with a copy
 * button. It lives only in the dialog's state: closing the dialog forgets it.
 */
import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';

export function WebhookSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} title="Copy it now">
        This signing secret will not be shown again. The receiving system checks each delivery's signature with it; if
        it is lost, rotate it and store the new one.
      </Alert>
      <TextInput
        label="Signing secret"
        value={secret}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { fontFamily: 'monospace' } }}
      />
      <Text size="sm" c="gray.7">
        Each delivery carries <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code>{' '}
        headers (Standard Webhooks).
      </Text>
      <Group justify="flex-end" gap="sm">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            >
              {copied ? 'Secret copied' : 'Copy secret'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
