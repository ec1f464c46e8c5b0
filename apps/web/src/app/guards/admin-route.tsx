import { Navigate, Outlet } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../features/auth/index.ts';

/**
 * Administrator pages; anyone else is sent to /dashboard. Nested inside ProtectedRoute, so the
 * member is already loaded. The server checks every admin call again: this only spares the page.
 */
export function AdminRoute() {
  const { user } = useAuth();
  if (user?.isAdmin !== true) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
