import { Center, Container } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { paths } from '../../config/paths.ts';
import { loginPathFor } from '../../config/return-path.ts';
import { useAuth } from '../../features/auth/index.ts';

/** Pages for signed-in members; a signed-out visitor is sent to /login, which returns here after sign-in. */
export function ProtectedRoute() {
  const { user, isLoading, loadFailure, hasSignedOut } = useAuth();
  const location = useLocation();
  if (isLoading) return <FullPageLoader />;
  if (loadFailure !== null) {
    return (
      <Center mih="100dvh" p="md">
        <Container size="xs" w="100%">
          <LoadError
            title="Could not load your account"
            error={loadFailure.error}
            onRetry={loadFailure.retry}
            isRetrying={loadFailure.isRetrying}
          />
        </Container>
      </Center>
    );
  }
  if (user === null) return <Navigate to={hasSignedOut() ? paths.login : loginPathFor(location)} replace />;
  return <Outlet />;
}
