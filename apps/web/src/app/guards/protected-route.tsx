import { Navigate, Outlet } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';

/** Pages for signed-in members; a signed-out visitor is sent to /login. */
export function ProtectedRoute() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullPageLoader />;
  if (user === null) return <Navigate to={paths.login} replace />;
  return <Outlet />;
}
