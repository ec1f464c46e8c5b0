import { Navigate, Outlet } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../features/auth/index.ts';

/** Sign-in and password pages; a member already signed in is sent to /dashboard. */
export function PublicOnlyRoute() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullPageLoader />;
  if (user !== null) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
