/**
 * Every route of the app in one place (the route table is app/router.tsx). Links and redirects use these names; a path
 * with parameters is filled in with react-router's `generatePath`, e.g.
 * `generatePath(paths.liveBid, { sessionId })`, which checks the parameter names.
 */
import { matchPath } from 'react-router';

export const paths = {
  root: '/',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/:token',
  /** Where single sign-on's callback lands: a one-time code to exchange, or a refusal to show. */
  singleSignOn: '/auth/sso',
  dashboard: '/dashboard',
  bidding: '/bidding',
  liveBid: '/live-bid/:sessionId',
  bid: '/bid/:sessionId',
  profile: '/profile',
  stations: '/stations',
  bidHistory: '/bid-history',
  seniority: '/seniority',
  verify: '/verify',
  admin: {
    dashboard: '/admin',
    users: '/admin/users',
    stations: '/admin/stations',
    certifications: '/admin/certifications',
    bidSessions: '/admin/bid-sessions',
    notifications: '/admin/notifications',
    seniority: '/admin/seniority',
    settings: '/admin/settings',
    integrations: '/admin/integrations',
  },
} as const;

/** Pages only for signed-out visitors; a signed-in member who opens one is sent to the dashboard. */
const PUBLIC_ONLY_PATHS = [paths.login, paths.forgotPassword, paths.resetPassword] as const;

export function isPublicOnlyPath(pathname: string): boolean {
  return PUBLIC_ONLY_PATHS.some((pattern) => matchPath(pattern, pathname) !== null);
}
