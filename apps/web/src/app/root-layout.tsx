import { Outlet } from 'react-router';
import { AuthProvider } from '../features/auth/index.ts';

/** The top route: auth state for every page, inside the router because sign-out navigates. */
export function RootLayout() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}
