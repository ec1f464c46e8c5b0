/**
 * "Sign in with <name>" on the sign-in page, when the server has single sign-on. A link, not a
 * fetch: the server redirects the browser to the provider and back. While the server has not
 * answered (or has no single sign-on) nothing shows, so the password form never waits for it.
 */
import { Anchor, Button, Divider, Stack, Text } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { SINGLE_SIGN_ON_START_URL, useSingleSignOnConfig } from '../api/single-sign-on.ts';

export function SingleSignOnButton() {
  const config = useSingleSignOnConfig();
  if (!config.data?.enabled) return null;
  const { displayName, required } = config.data;
  return (
    <Stack gap="xs">
      <Button
        component="a"
        href={SINGLE_SIGN_ON_START_URL}
        fullWidth
        variant="filled"
        leftSection={<IconLogin2 size={18} aria-hidden />}
      >
        Sign in with {displayName}
      </Button>
      {required && (
        <Text size="sm" c="gray.7" ta="center">
          Members sign in with {displayName}. Administrators may also use their password below.
        </Text>
      )}
      <Divider label="or with your e-mail and password" labelPosition="center" />
    </Stack>
  );
}

/**
 * After signing out of StationBid, the provider's own sign-out, when it has one: the member may
 * still be signed in there (on a shared station computer, the next person would be them).
 */
export function ProviderSignOutLink() {
  const config = useSingleSignOnConfig();
  if (!config.data?.enabled || !config.data.endSessionUrl) return null;
  return (
    <Text size="sm" ta="center">
      You are signed out of StationBid.{' '}
      <Anchor href={config.data.endSessionUrl}>Also sign out of {config.data.displayName}</Anchor>
    </Text>
  );
}
