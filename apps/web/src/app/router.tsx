/**
 * The app's route table; each page is a file under app/routes. Guards are layout routes: PublicOnlyRoute for the signed-out
 * pages, ProtectedRoute for everything else, and AdminRoute inside it for /admin. Unknown paths go to
 * /dashboard, which in turn sends signed-out visitors to /login.
 *
 * Each page is a route module in ./routes, loaded with `lazy` on its first visit, so a member's first
 * load carries only the shell and the page they open (the administrators' screens, the spreadsheet
 * import and the live board stay out of it; `npm run size` checks the budget). The guards are loaded
 * up front: they decide, before a page's module renders, whether it may show. The signed-in shell
 * (header, navigation, live counts) is lazy too, so the sign-in pages do not carry it.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { paths } from '../config/paths.ts';
import { AdminRoute } from './guards/admin-route.tsx';
import { ProtectedRoute } from './guards/protected-route.tsx';
import { PublicOnlyRoute } from './guards/public-only-route.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorScreen } from './route-error-screen.tsx';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    // Shown while the first page's module loads, before the router has anything to render.
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        element: <PublicOnlyRoute />,
        children: [
          { path: paths.login, lazy: () => import('./routes/login.tsx') },
          { path: paths.forgotPassword, lazy: () => import('./routes/forgot-password.tsx') },
          { path: paths.resetPassword, lazy: () => import('./routes/reset-password.tsx') },
        ],
      },
      // Signed out on arrival, signed in on leaving: neither guard fits.
      { path: paths.singleSignOn, lazy: () => import('./routes/single-sign-on.tsx') },
      {
        element: <ProtectedRoute />,
        children: [
          {
            // The signed-in shell loads with the page, in parallel (the router starts every matched
            // route's `lazy` at once), so the sign-in pages do not carry it.
            lazy: () => import('./layout/app-shell.tsx').then(({ AppLayout }) => ({ Component: AppLayout })),
            children: [
              { path: paths.root, element: <Navigate to={paths.dashboard} replace /> },
              { path: paths.dashboard, lazy: () => import('./routes/dashboard.tsx') },
              { path: paths.bidding, lazy: () => import('./routes/bidding.tsx') },
              { path: paths.liveBid, lazy: () => import('./routes/live-bid.tsx') },
              { path: paths.bid, lazy: () => import('./routes/bid.tsx') },
              { path: paths.profile, lazy: () => import('./routes/profile.tsx') },
              { path: paths.stations, lazy: () => import('./routes/stations.tsx') },
              { path: paths.bidHistory, lazy: () => import('./routes/bid-history.tsx') },
              { path: paths.seniority, lazy: () => import('./routes/seniority.tsx') },
              { path: paths.verify, lazy: () => import('./routes/verify.tsx') },
              {
                element: <AdminRoute />,
                children: [
                  { path: paths.admin.dashboard, lazy: () => import('./routes/admin/dashboard.tsx') },
                  { path: paths.admin.users, lazy: () => import('./routes/admin/users.tsx') },
                  { path: paths.admin.stations, lazy: () => import('./routes/admin/stations.tsx') },
                  { path: paths.admin.certifications, lazy: () => import('./routes/admin/certifications.tsx') },
                  { path: paths.admin.bidSessions, lazy: () => import('./routes/admin/bid-sessions.tsx') },
                  { path: paths.admin.notifications, lazy: () => import('./routes/admin/notifications.tsx') },
                  { path: paths.admin.seniority, lazy: () => import('./routes/admin/seniority.tsx') },
                  { path: paths.admin.settings, lazy: () => import('./routes/admin/settings.tsx') },
                  { path: paths.admin.integrations, lazy: () => import('./routes/admin/integrations.tsx') },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.dashboard} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
