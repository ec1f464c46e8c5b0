import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { AuthProvider } from '../features/auth/index.ts';
import { startAppServiceWorkerWhenIdle } from '../lib/service-worker.ts';

/**
 * The top route: auth state for every page, inside the router because sign-out navigates. It renders
 * once the first page's module has loaded, so it is where the service worker starts: after that page,
 * never competing with it for a slow phone's network (the worker's install downloads the precache).
 */
export function RootLayout() {
  useEffect(() => {
    if (import.meta.env.PROD) startAppServiceWorkerWhenIdle();
  }, []);
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}
