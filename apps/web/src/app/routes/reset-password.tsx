import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  MESSAGES,
  type ResetPasswordForm,
  resetPasswordFormSchema,
  resetPasswordRequestSchema,
} from '@stationbid/domain';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { AuthLayout, useResetPassword } from '../../features/auth/index.ts';
import { ApiError, getErrorMessage } from '../../lib/api-client.ts';

const LINK_ERROR_CODES = new Set(['RESET_LINK_INVALID', 'RESET_LINK_USED', 'RESET_LINK_EXPIRED']);

/**
 * The page a reset or first-password setup e-mail links to: a new password and its confirmation.
 * The server's refusal (link used, expired or unknown) is shown as it says it, with a way to ask
 * for a new link.
 */
function ResetPasswordPage() {
  const { token = '' } = useParams();
  const resetPassword = useResetPassword();
  const form = useForm<ResetPasswordForm>({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaResolver(resetPasswordFormSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit(
    // The confirmation is the form's own check; the request carries the password only.
    (values) => resetPassword.mutate({ token, ...resetPasswordRequestSchema.parse(values) }),
    (errors) => {
      const firstInvalidField = Object.keys(errors)[0];
      if (firstInvalidField !== undefined) form.getInputNode(firstInvalidField)?.focus();
    },
  );
  const isLinkRefused =
    resetPassword.error instanceof ApiError && LINK_ERROR_CODES.has(String(resetPassword.error.code));

  if (resetPassword.isSuccess) {
    return (
      <AuthLayout title="Reset password">
        <Alert color="green" icon={<IconCircleCheck aria-hidden />} role="status">
          {resetPassword.data.message}. You have been signed out everywhere else.
        </Alert>
        <Button component={Link} to={paths.login} fullWidth>
          Sign in with your new password
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Reset password">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {resetPassword.isError && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
              {getErrorMessage(resetPassword.error, 'Password reset failed')}
              {isLinkRefused && (
                <>
                  {' '}
                  <Anchor component={Link} to={paths.forgotPassword} size="sm">
                    Request a new link
                  </Anchor>
                </>
              )}
            </Alert>
          )}
          <PasswordInput
            label="New Password"
            description={MESSAGES.passwordPolicyHint}
            autoComplete="new-password"
            required
            withAsterisk={false}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': 'Show new password' }}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm New Password"
            autoComplete="new-password"
            required
            withAsterisk={false}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': 'Show password confirmation' }}
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth disabled={resetPassword.isPending}>
            {resetPassword.isPending ? 'Resetting...' : 'Reset Password'}
          </Button>
        </Stack>
      </form>
      <Text ta="center" size="sm">
        <Anchor component={Link} to={paths.login}>
          Back to sign in
        </Anchor>
      </Text>
    </AuthLayout>
  );
}

/** What React Router renders for this route (route modules are loaded lazily by app/router.tsx). */
export { ResetPasswordPage as Component };
