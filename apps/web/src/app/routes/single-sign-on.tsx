/**
 * /auth/sso, where the server's single sign-on callback sends the browser: with `?code=` it
 * exchanges the one-time code for the usual sign-in and opens the dashboard; with `?error=<reason>`
 * it says, in words a person can act on, why the sign-in was refused and leads back to the sign-in
 * page.
 */
import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { SINGLE_SIGN_ON_REFUSALS, singleSignOnRefusalSchema } from '@stationbid/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import {
  AuthLayout,
  exchangeSingleSignOnCode,
  SINGLE_SIGN_ON_START_URL,
  useAuth,
  useSingleSignOnConfig,
} from '../../features/auth/index.ts';
import { getErrorMessage } from '../../lib/api-client.ts';
import { syncPushSubscription } from '../../lib/push.ts';
import { showSuccess } from '../../lib/toasts.ts';

function SingleSignOnPage() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const reason = params.get('error');
  return code && !reason ? <CodeExchange code={code} /> : <Refusal reason={reason ?? 'not_confirmed'} />;
}

function CodeExchange({ code }: { code: string }) {
  const { startSession } = useAuth();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  // The code works once: a second render (React's development double effects) must not spend it again.
  const exchanged = useRef<string | null>(null);

  useEffect(() => {
    if (exchanged.current === code) return;
    exchanged.current = code;
    exchangeSingleSignOnCode(code)
      .then((session) => {
        startSession(session);
        syncPushSubscription().catch((error: unknown) => console.warn('Push subscription not renewed', error));
        showSuccess('Login successful!');
        navigate(paths.dashboard, { replace: true });
      })
      .catch((error: unknown) => setFailure(getErrorMessage(error, 'The sign-in could not be completed')));
  }, [code, navigate, startSession]);

  if (failure !== null) return <RefusalCard message={failure} />;
  return (
    <AuthLayout title="Signing in">
      <Stack align="center" gap="sm">
        <Loader role="status" aria-label="Signing you in" />
        <Text size="sm">Signing you in...</Text>
      </Stack>
    </AuthLayout>
  );
}

function Refusal({ reason }: { reason: string }) {
  const config = useSingleSignOnConfig();
  const name = config.data?.displayName ?? 'your organization';
  const known = singleSignOnRefusalSchema.safeParse(reason);
  const message = SINGLE_SIGN_ON_REFUSALS[known.success ? known.data : 'not_confirmed'](name);
  const canTryAgain =
    known.success && ['provider_unavailable', 'provider_refused', 'expired', 'not_confirmed'].includes(known.data);
  return <RefusalCard message={message} canTryAgain={canTryAgain && config.data?.enabled === true} name={name} />;
}

function RefusalCard({
  message,
  canTryAgain = false,
  name,
}: {
  message: string;
  canTryAgain?: boolean;
  name?: string;
}) {
  return (
    <AuthLayout title="Could not sign you in">
      <Stack gap="md">
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          {message}
        </Alert>
        {canTryAgain && name && (
          <Button component="a" href={SINGLE_SIGN_ON_START_URL} fullWidth>
            Try again with {name}
          </Button>
        )}
        <Anchor component={Link} to={paths.login} ta="center">
          Back to sign-in
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}

/** What React Router renders for this route (route modules are loaded lazily by app/router.tsx). */
export { SingleSignOnPage as Component };
