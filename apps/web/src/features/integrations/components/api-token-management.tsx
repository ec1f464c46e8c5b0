/**
 * The administrators' API tokens (/admin/integrations): every token with its scopes, creator, last
 * use, expiry and status; a dialog to create one (its secret shown once) and a confirmation to
 * revoke one. Cards rather than a table, so that a token reads whole on a phone.
 */
import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ApiToken, ApiTokenStatus } from '@stationbid/domain';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { formatDateTime } from '../../../lib/session-format.ts';
import { useApiTokensQuery } from '../api/api-token-queries.ts';
import { useRevokeApiToken } from '../api/revoke-api-token.ts';
import { CreateApiTokenDialog } from './create-api-token-dialog.tsx';

const STATUS_LABELS: Record<ApiTokenStatus, { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  expired: { label: 'Expired', color: 'gray' },
  revoked: { label: 'Revoked', color: 'red' },
};

export function ApiTokenManagement() {
  const listTitleId = useId();
  const query = useApiTokensQuery();
  const [isCreating, setIsCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  return (
    <Stack gap="lg">
      <Paper component="section" aria-labelledby={listTitleId} withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Title order={2} size="h4" id={listTitleId}>
              API tokens
            </Title>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setIsCreating(true)}>
              Create API token
            </Button>
          </Group>
          {query.isPending && <Loader size="sm" role="status" aria-label="Loading API tokens" />}
          {query.isError && (
            <Text size="sm" role="alert">
              {getErrorMessage(query.error, 'Failed to load API tokens')}
            </Text>
          )}
          {query.isSuccess && query.data.length === 0 && (
            <Text size="sm" c="gray.7">
              No API tokens yet. Create one for each system that calls StationBid, such as an HR roster sync.
            </Text>
          )}
          {query.isSuccess && query.data.length > 0 && (
            <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {query.data.map((token) => (
                <ApiTokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>
      <CreateApiTokenDialog opened={isCreating} onClose={() => setIsCreating(false)} />
      <RevokeApiTokenDialog token={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  );
}

function ApiTokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const timeZone = useDepartmentTimeZone();
  const moment = (value: string | null, none: string) =>
    value === null ? none : formatDateTime(value, { timeZone, withSeconds: false });
  const status = STATUS_LABELS[token.status];
  const facts: [string, string][] = [
    ['Created', `${moment(token.createdAt, 'Unknown')} by ${token.createdBy?.name ?? 'a deleted member'}`],
    ['Last used', moment(token.lastUsedAt, 'Never')],
    [token.status === 'expired' ? 'Expired' : 'Expires', moment(token.expiresAt, 'Never')],
  ];
  if (token.revokedAt !== null) facts.push(['Revoked', moment(token.revokedAt, 'Unknown')]);
  return (
    <Paper component="li" withBorder p="sm" aria-label={token.name}>
      <Stack gap={6}>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconKey size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {token.name}
            </Text>
            <Badge color={status.color} variant="light" style={{ flexShrink: 0 }}>
              {status.label}
            </Badge>
          </Group>
          {token.status === 'active' && (
            <Button variant="default" color="red" size="xs" aria-label={`Revoke ${token.name}`} onClick={onRevoke}>
              Revoke
            </Button>
          )}
        </Group>
        <Group gap={6} wrap="wrap" aria-label="Scopes">
          {token.scopes.map((scope) => (
            <Badge key={scope} variant="outline" tt="none">
              {scope}
            </Badge>
          ))}
          <Text size="xs" c="gray.7" ff="monospace">
            {token.prefix}…
          </Text>
        </Group>
        <Stack component="dl" gap={2} m={0}>
          {facts.map(([label, value]) => (
            <Group key={label} gap={6} wrap="wrap">
              <Text component="dt" size="sm" c="gray.7">
                {label}:
              </Text>
              <Text component="dd" size="sm" m={0}>
                {value}
              </Text>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

function RevokeApiTokenDialog({ token, onClose }: { token: ApiToken | null; onClose: () => void }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const revoke = useRevokeApiToken({ onSuccess: onClose });
  const closeAndForget = () => {
    setRefusal(null);
    onClose();
  };
  return (
    <ConfirmDialog
      opened={token !== null}
      title="Revoke API token"
      confirmLabel="Revoke token"
      isPending={revoke.isPending}
      refusal={refusal}
      onClose={closeAndForget}
      onConfirm={() => {
        if (token === null) return;
        setRefusal(null);
        revoke.mutate(token.id, {
          onError: (error) => setRefusal(getErrorMessage(error, 'Failed to revoke the API token')),
        });
      }}
    >
      {token !== null && (
        <Text>
          Revoke "{token.name}"? The system using it is refused from its next call, and the token cannot be used again.
        </Text>
      )}
    </ConfirmDialog>
  );
}
