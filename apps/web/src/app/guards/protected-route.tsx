import { Center, Container } from '@mantine/core';
import { Navigate, Outlet } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../features/auth/index.ts';

/** Pages for signed-in members; a signed-out visitor is sent to /login. */
export function ProtectedRoute() {
  const { user, isLoading, loadFailure } = useAuth();
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
  if (user === null) return <Navigate to={paths.login} replace />;
  return <Outlet />;
}
