/**
 * The route table of spec section 2. Guards are layout routes: PublicOnlyRoute for the signed-out
 * pages, ProtectedRoute for everything else, and AdminRoute inside it for /admin. Unknown paths go to
 * /dashboard, which in turn sends signed-out visitors to /login.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { AdminDashboardPage } from '../features/admin/components/admin-dashboard-page.tsx';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password-page.tsx';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page.tsx';
import { BidHistoryPage } from '../features/bid-history/components/bid-history-page.tsx';
import { BidSessionManagementPage } from '../features/bid-sessions/components/bid-session-management-page.tsx';
import { BidPage } from '../features/bidding/components/bid-page.tsx';
import { BiddingPage } from '../features/bidding/components/bidding-page.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { LiveBidPage } from '../features/live-bidding/components/live-bid-page.tsx';
import { NotificationManagementPage } from '../features/notifications/components/notification-management-page.tsx';
import { StationManagementPage } from '../features/stations/components/station-management-page.tsx';
import { StationsPage } from '../features/stations/components/stations-page.tsx';
import { ProfilePage } from '../features/users/components/profile-page.tsx';
import { SeniorityManagementPage } from '../features/users/components/seniority-management-page.tsx';
import { SeniorityPage } from '../features/users/components/seniority-page.tsx';
import { UserManagementPage } from '../features/users/components/user-management-page.tsx';
import { AdminRoute } from './guards/admin-route.tsx';
import { ProtectedRoute } from './guards/protected-route.tsx';
import { PublicOnlyRoute } from './guards/public-only-route.tsx';
import { AppLayout } from './layout/app-shell.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorScreen } from './route-error-screen.tsx';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        element: <PublicOnlyRoute />,
        children: [
          { path: paths.login, element: <LoginPage /> },
          { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
          { path: paths.resetPassword, element: <ResetPasswordPage /> },
        ],
      },
      {
        element: <ProtectedRoute />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: paths.root, element: <Navigate to={paths.dashboard} replace /> },
              { path: paths.dashboard, element: <DashboardPage /> },
              { path: paths.bidding, element: <BiddingPage /> },
              { path: paths.liveBid, element: <LiveBidPage /> },
              { path: paths.bid, element: <BidPage /> },
              { path: paths.profile, element: <ProfilePage /> },
              { path: paths.stations, element: <StationsPage /> },
              { path: paths.bidHistory, element: <BidHistoryPage /> },
              { path: paths.seniority, element: <SeniorityPage /> },
              {
                element: <AdminRoute />,
                children: [
                  { path: paths.admin.dashboard, element: <AdminDashboardPage /> },
                  { path: paths.admin.users, element: <UserManagementPage /> },
                  { path: paths.admin.stations, element: <StationManagementPage /> },
                  { path: paths.admin.bidSessions, element: <BidSessionManagementPage /> },
                  { path: paths.admin.notifications, element: <NotificationManagementPage /> },
                  { path: paths.admin.seniority, element: <SeniorityManagementPage /> },
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
