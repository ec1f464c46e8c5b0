import type { User } from '@stationbid/domain';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';
import { getViewerTimeZone } from '../lib/department-time-zone.ts';
import { ACCESS_TOKEN, REFRESH_TOKEN } from './fixtures.ts';
import { departmentSettingsApi, jsonResponse, type MockHandler, mockApi, notificationSettingsApi } from './mock-api.ts';

/** Calls every lazy route's loader, so the modules sit in the module cache before a test renders. */
async function preloadRouteModules(list: RouteObject[]): Promise<void> {
  await Promise.all(
    list.map(async (route) => {
      if (typeof route.lazy === 'function') await route.lazy();
      if (route.children !== undefined) await preloadRouteModules(route.children);
    }),
  );
}

// The app loads each page's module on its first visit. Tests load them all here, once per test
// file, as the app did before the split: a page's first import (transformed on the fly by Vitest)
// would otherwise eat into a findBy timeout. app/routes.test.tsx covers the lazy loading itself.
await preloadRouteModules(routes);

interface RenderAppOptions {
  /** The address the app opens at. */
  path: string;
  /** Stores tokens and answers GET /api/auth/me with this member; none means signed out. */
  signedInAs?: User;
  /**
   * Further API handlers; they override the /auth/me answer above, and the department's settings,
   * which name the viewer's own zone unless a test gives another (departmentSettingsApi).
   */
  api?: Record<string, MockHandler>;
}

/** Renders the whole app (providers, router, guards) at `path`, with fetch mocked. */
export function renderApp({ path, signedInAs, api = {} }: RenderAppOptions) {
  if (signedInAs !== undefined) {
    localStorage.setItem('token', ACCESS_TOKEN);
    localStorage.setItem('refreshToken', REFRESH_TOKEN);
  }
  const mockedApi = mockApi({
    ...departmentSettingsApi(getViewerTimeZone()),
    ...(signedInAs === undefined ? {} : { 'GET /api/auth/me': () => jsonResponse(200, { user: signedInAs }) }),
    // The frame reads the member's notification settings for its one-time offer; answered already here.
    ...(signedInAs === undefined ? {} : notificationSettingsApi()),
    ...api,
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, api: mockedApi, user };
}
