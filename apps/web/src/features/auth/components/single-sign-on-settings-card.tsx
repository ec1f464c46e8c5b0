/**
 * The administrators' single sign-on settings on the Department Settings page: require it for
 * members (administrators keep their passwords, so nobody is locked out if the provider fails),
 * and whether people the provider vouches for but no member matches become inactive members waiting
 * for approval. Without OIDC configured on the server it says how to configure it and cannot be
 * required.
 */
import { Alert, Button, Code, Group, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { SingleSignOnSettings } from '@stationbid/domain';
import { type FormEvent, useId, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useSaveSingleSignOnSettings, useSingleSignOnSettings } from '../api/single-sign-on.ts';

export function SingleSignOnSettingsCard() {
  const titleId = useId();
  const settings = useSingleSignOnSettings();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          Single sign-on
        </Title>
        {settings.isPending && <Loader size="sm" role="status" aria-label="Loading the single sign-on settings" />}
        {settings.isError && (
          <Text size="sm" role="alert">
            {getErrorMessage(settings.error, 'Failed to load the single sign-on settings')}
          </Text>
        )}
        {settings.isSuccess && (
          <SingleSignOnForm
            key={`${settings.data.requireSingleSignOn}-${settings.data.createUnknownMembers}`}
            settings={settings.data}
          />
        )}
      </Stack>
    </Paper>
  );
}

function SingleSignOnForm({ settings }: { settings: SingleSignOnSettings }) {
  const [isRequired, setRequired] = useState(settings.requireSingleSignOn);
  const [createsMembers, setCreatesMembers] = useState(settings.createUnknownMembers);
  const save = useSaveSingleSignOnSettings();
  const isUnchanged = isRequired === settings.requireSingleSignOn && createsMembers === settings.createUnknownMembers;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ requireSingleSignOn: isRequired, createUnknownMembers: createsMembers });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Single sign-on">
      <Stack gap="sm">
        {settings.configured ? (
          <Text size="sm" c="gray.7">
            Members can sign in with {settings.displayName}. The redirect URI registered with the provider is{' '}
            <Code>{settings.redirectUri}</Code>.
          </Text>
        ) : (
          <Text size="sm" c="gray.7">
            Single sign-on is not configured on this server. Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (see
            docs/integrations.md) and restart it to turn it on.
          </Text>
        )}
        <Switch
          label="Require single sign-on for members"
          description={`Members' passwords and password resets stop working; they use "Sign in with ${settings.displayName}". Administrators keep their passwords.`}
          checked={isRequired}
          disabled={!settings.configured && !isRequired}
          onChange={(event) => setRequired(event.currentTarget.checked)}
        />
        <Switch
          label="Add unknown people as inactive members"
          description="Someone the provider signs in whom no member matches becomes an inactive member waiting for your approval, as self-registration does; otherwise they are asked to contact an administrator."
          checked={createsMembers}
          disabled={!settings.configured && !createsMembers}
          onChange={(event) => setCreatesMembers(event.currentTarget.checked)}
        />
        {save.isError && (
          <Alert color="red" role="alert">
            {getErrorMessage(save.error, 'Failed to save the single sign-on settings')}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={isUnchanged}>
            Save single sign-on
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
