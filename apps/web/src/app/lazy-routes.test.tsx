/**
 * Every page is a lazy route module (app/router.tsx): it is left out of the route table's code, it
 * is loaded when its address is opened and not before, and it renders only behind its guard.
 * Unlike the page tests (src/test/render-app.tsx loads every route module up front), this file
 * lets the router load each module itself.
 */
import type { User } from '@stationbid/domain';
import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN, adminUser, buildUser, REFRESH_TOKEN } from '../test/fixtures.ts';
import { jsonResponse, mockApi } from '../test/mock-api.ts';
import { AdminRoute } from './guards/admin-route.tsx';
import { ProtectedRoute } from './guards/protected-route.tsx';
import { PublicOnlyRoute } from './guards/public-only-route.tsx';
import { AppProviders } from './providers.tsx';
import { routes } from './router.tsx';

const member = buildUser();
// A module's first import is transformed on the fly by Vitest, which can be slow on a busy machine.
const LOADED = { timeout: 15_000 };

type Guard = 'signed out' | 'member' | 'admin';
const GUARDS: Record<Guard, ComponentType> = {
  'signed out': PublicOnlyRoute,
  member: ProtectedRoute,
  admin: AdminRoute,
};

/** Route pattern, an address that matches it, the page's title, and who may open it. */
const PAGES: [pattern: string, address: string, title: string, guard: Guard][] = [
  ['/login', '/login', 'Sign in', 'signed out'],
  ['/forgot-password', '/forgot-password', 'Forgot password', 'signed out'],
  ['/reset-password/:token', '/reset-password/some-token', 'Reset password', 'signed out'],
  ['/dashboard', '/dashboard', 'Dashboard', 'member'],
  ['/bidding', '/bidding', 'Bidding', 'member'],
  ['/live-bid/:sessionId', '/live-bid/session-1', 'Live Bidding', 'member'],
  ['/bid/:sessionId', '/bid/session-1', 'Bidding', 'member'],
  ['/profile', '/profile', 'Profile', 'member'],
  ['/stations', '/stations', 'Fire Stations', 'member'],
  ['/bid-history', '/bid-history', 'Bid History', 'member'],
  ['/seniority', '/seniority', 'Seniority Information', 'member'],
  ['/admin', '/admin', 'Admin Dashboard', 'admin'],
  ['/admin/users', '/admin/users', 'User Management', 'admin'],
  ['/admin/stations', '/admin/stations', 'Station Management', 'admin'],
  ['/admin/certifications', '/admin/certifications', 'Certifications', 'admin'],
  ['/admin/bid-sessions', '/admin/bid-sessions', 'Bid Session Management', 'admin'],
  ['/admin/notifications', '/admin/notifications', 'Notification Management', 'admin'],
  ['/admin/seniority', '/admin/seniority', 'User Management', 'admin'],
  ['/admin/settings', '/admin/settings', 'Department Settings', 'admin'],
  ['/admin/integrations', '/admin/integrations', 'Integrations', 'admin'],
];

/** What `loaded` records for the signed-in shell, the one lazy route without a path. */
const SHELL = 'signed-in shell';

/** A copy of the route table whose lazy functions record which route's module was asked for. */
function recordingLoads(table: RouteObject[], loaded: string[]): RouteObject[] {
  return table.map((route) => {
    const { lazy } = route;
    const copy: RouteObject =
      typeof lazy === 'function'
        ? {
            ...route,
            lazy: () => {
              loaded.push(route.path ?? SHELL);
              return lazy();
            },
          }
        : { ...route };
    if (route.children !== undefined) copy.children = recordingLoads(route.children, loaded);
    return copy;
  });
}

/** The page's title: an h1 in the shell, an h2 under the StationBid h1 on the sign-in pages. */
async function findPageTitle(title: string, guard: Guard) {
  return screen.findByRole('heading', { level: guard === 'signed out' ? 2 : 1, name: title }, LOADED);
}

function renderAt(address: string, signedInAs: User | null) {
  if (signedInAs !== null) {
    localStorage.setItem('token', ACCESS_TOKEN);
    localStorage.setItem('refreshToken', REFRESH_TOKEN);
  }
  // Only the account is answered: the pages' own reads answer 501 and show their load errors, which
  // leaves the page's title, all this test looks at.
  mockApi(signedInAs === null ? {} : { 'GET /api/auth/me': () => jsonResponse(200, { user: signedInAs }) });
  const loaded: string[] = [];
  const router = createMemoryRouter(recordingLoads(routes, loaded), { initialEntries: [address] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, loaded };
}

/** Who the guard sends away, and where to. */
const TURNED_AWAY: Record<Guard, { who: User | null; to: string; title: string; guard: Guard }> = {
  'signed out': { who: member, to: '/dashboard', title: 'Dashboard', guard: 'member' },
  member: { who: null, to: '/login', title: 'Sign in', guard: 'signed out' },
  admin: { who: member, to: '/dashboard', title: 'Dashboard', guard: 'member' },
};

// The first render of the file imports the providers and Mantine cold.
describe('lazy routes', { timeout: 30_000 }, () => {
  it.each(PAGES)('%s is a lazy module behind its guard (%s, title %s, for %s)', (pattern, address, _title, guard) => {
    const matches = matchRoutes(routes, address) ?? [];
    const page = matches.at(-1)?.route;

    expect(page?.path).toBe(pattern);
    expect(typeof page?.lazy).toBe('function');
    // The page's component is not in the route table, so its code is not in the table's chunk.
    expect(page?.element).toBeUndefined();
    expect(page?.Component).toBeUndefined();
    const guards = matches.map((match) => match.route.element).filter((element) => element != null);
    expect(guards.map((element) => (element as { type: unknown }).type)).toContain(GUARDS[guard]);
  });

  it.each(PAGES)(
    'opens %s at %s: loads that module only and shows "%s" (%s)',
    async (pattern, address, title, guard) => {
      const { router, loaded } = renderAt(
        address,
        guard === 'signed out' ? null : guard === 'admin' ? adminUser : member,
      );

      expect(await findPageTitle(title, guard)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(address);
      // A signed-in page loads the shell with it; the sign-in pages never load the shell.
      expect(loaded.toSorted()).toEqual((guard === 'signed out' ? [pattern] : [pattern, SHELL]).toSorted());
    },
  );

  it.each(PAGES)(
    '%s at %s: "%s" is not shown to a visitor the %s guard turns away',
    async (pattern, address, title, guard) => {
      const away = TURNED_AWAY[guard];
      const { router, loaded } = renderAt(address, away.who);

      expect(await findPageTitle(away.title, away.guard)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(away.to);
      if (title !== away.title) expect(screen.queryByRole('heading', { name: title })).not.toBeInTheDocument();
      // The page the visitor was sent to loaded its own module.
      const pages = loaded.filter((route) => route !== SHELL);
      expect(pages.at(-1)).toBe(away.to);
      expect(pages[0]).toBe(pattern);
    },
  );
});
