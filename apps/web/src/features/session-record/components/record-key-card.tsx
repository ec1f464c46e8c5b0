/**
 * The administrators' view of the record-signing key: its fingerprint, which a steward passes to
 * the verifier (`node verify.mjs record.json --fingerprint <fingerprint>`), and the public key to
 * copy. The same fingerprint is on every bid sheet and at GET /api/record-key.
 */
import { Anchor, Button, Code, CopyButton, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useId } from 'react';
import { API_BASE_PATH, getErrorMessage } from '../../../lib/api-client.ts';
import { useRecordKeyQuery } from '../api/session-record-queries.ts';
import { VerifyRecordLink } from './download-record-button.tsx';

export function RecordKeyCard() {
  const titleId = useId();
  const keyQuery = useRecordKeyQuery();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          Session records
        </Title>
        <Text size="sm" c="gray.7">
          Every session record is signed with this server's key. Anyone can check a record against it with the{' '}
          <VerifierDownloadLink /> (one file for Node 20, nothing to install):{' '}
          <Code>node verify.mjs record.json --fingerprint &lt;fingerprint&gt;</Code>, or in the browser:
        </Text>
        <VerifyRecordLink />
        {keyQuery.isPending && <Loader size="sm" role="status" aria-label="Loading the signing key" />}
        {keyQuery.isError && (
          <Text size="sm" role="alert">
            {getErrorMessage(keyQuery.error, 'Failed to load the signing key')}
          </Text>
        )}
        {keyQuery.isSuccess && (
          <Stack gap="xs">
            <TextInput
              label="Key fingerprint"
              description={`${keyQuery.data.algorithm} public key, SHA-256`}
              value={keyQuery.data.fingerprint}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              styles={{ input: { fontFamily: 'monospace' } }}
            />
            <Group gap="xs">
              <CopyButton value={keyQuery.data.fingerprint}>
                {({ copied, copy }) => (
                  <Button
                    variant="light"
                    size="xs"
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                  >
                    {copied ? 'Fingerprint copied' : 'Copy fingerprint'}
                  </Button>
                )}
              </CopyButton>
              <CopyButton value={keyQuery.data.publicKeyPem}>
                {({ copied, copy }) => (
                  <Button
                    variant="default"
                    size="xs"
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                  >
                    {copied ? 'Public key copied' : 'Copy public key (PEM)'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** The one-file verifier the server hands out to anyone (GET /api/verifier.mjs), saved as verify.mjs. */
export function VerifierDownloadLink() {
  return (
    <Anchor href={`${API_BASE_PATH}/verifier.mjs`} download="verify.mjs" size="sm" underline="always">
      verifier, verify.mjs
    </Anchor>
  );
}
