import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type ForgotPasswordRequest, forgotPasswordRequestSchema } from '@stationbid/domain';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { AuthLayout, useRequestPasswordReset } from '../../features/auth/index.ts';
import { getErrorMessage } from '../../lib/api-client.ts';

/**
 * Forgotten password: asks for the e-mail and shows the server's confirmation, which reads the
 * same whether or not the address has an account.
 */
function ForgotPasswordPage() {
  const requestReset = useRequestPasswordReset();
  const form = useForm<ForgotPasswordRequest>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(forgotPasswordRequestSchema, { sync: true }),
    transformValues: (values) => forgotPasswordRequestSchema.parse(values),
  });

  const handleSubmit = form.onSubmit(
    (request) => requestReset.mutate(request),
    () => form.getInputNode('email')?.focus(),
  );

  return (
    <AuthLayout title="Forgot password">
      {requestReset.isSuccess ? (
        <Alert color="green" icon={<IconMailCheck aria-hidden />} title="Check your e-mail" role="status">
          {requestReset.data.message}
        </Alert>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              Enter the e-mail address of your account and we will send you a link to choose a new password.
            </Text>
            {requestReset.isError && (
              <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
                {getErrorMessage(requestReset.error, 'Failed to send reset email')}
              </Alert>
            )}
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              withAsterisk={false}
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <Button type="submit" fullWidth disabled={requestReset.isPending}>
              {requestReset.isPending ? 'Sending...' : 'Send Reset Link'}
            </Button>
          </Stack>
        </form>
      )}
      <Text ta="center" size="sm">
        <Anchor component={Link} to={paths.login}>
          Back to sign in
        </Anchor>
      </Text>
    </AuthLayout>
  );
}

/** What React Router renders for this route (route modules are loaded lazily by app/router.tsx). */
export { ForgotPasswordPage as Component };
