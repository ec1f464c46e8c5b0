import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AuthLayout } from './auth-layout.tsx';

export function ResetPasswordPage() {
  return (
    <AuthLayout title="Reset password">
      <Text ta="center">
        <Anchor component={Link} to={paths.login}>
          Back to sign in
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
