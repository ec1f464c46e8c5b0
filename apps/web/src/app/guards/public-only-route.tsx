import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { returnPathFrom } from '../../config/return-path.ts';
import { useAuth } from '../../features/auth/index.ts';

/**
 * Sign-in and password pages; a member already signed in is sent to the page the login address
 * names (`?next=`, config/return-path.ts), or to /dashboard.
 */
export function PublicOnlyRoute() {
  const { user, isLoading } = useAuth();
  const { search } = useLocation();
  if (isLoading) return <FullPageLoader />;
  if (user !== null) return <Navigate to={returnPathFrom(search) ?? paths.dashboard} replace />;
  return <Outlet />;
}
