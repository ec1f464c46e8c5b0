import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type LoginRequest, loginRequestSchema } from '@stationbid/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { returnPathFrom } from '../../config/return-path.ts';
import { AuthLayout, ProviderSignOutLink, SingleSignOnButton, useAuth, useLogin } from '../../features/auth/index.ts';
import { getErrorMessage } from '../../lib/api-client.ts';

/**
 * Sign-in, with the messages of the login schema (schemas/auth.ts). There is no self-registration:
 * accounts come from administrators. Afterwards it opens the page the member was sent here from
 * (`?next=`, checked to be one of this site's: config/return-path.ts), else the dashboard.
 */
function LoginPage() {
  const { search } = useLocation();
  const login = useLogin({ returnTo: returnPathFrom(search) });
  const { hasSignedOut } = useAuth();
  const form = useForm<LoginRequest>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    // The same schema the server checks, so both say the same words.
    validate: schemaResolver(loginRequestSchema, { sync: true }),
    // Runs only after validation passed; sends the trimmed, lower-cased e-mail the schema produces.
    transformValues: (values) => loginRequestSchema.parse(values),
  });

  const handleSubmit = form.onSubmit(
    (credentials) => login.mutate(credentials),
    // Put keyboard and screen-reader users on the first field to fix.
    (errors) => {
      const firstInvalidField = Object.keys(errors)[0];
      if (firstInvalidField !== undefined) form.getInputNode(firstInvalidField)?.focus();
    },
  );

  return (
    <AuthLayout title="Sign in">
      {hasSignedOut() && <ProviderSignOutLink />}
      <SingleSignOnButton />
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {login.isError && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
              {getErrorMessage(login.error, 'Login failed')}
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
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.forgotPassword} size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth disabled={login.isPending}>
            {login.isPending ? 'Signing in...' : 'Sign In'}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Need an account? Contact an administrator.
      </Text>
    </AuthLayout>
  );
}

/** What React Router renders for this route (route modules are loaded lazily by app/router.tsx). */
export { LoginPage as Component };
