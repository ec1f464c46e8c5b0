import type { User } from '@stationbid/domain';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';
import { ACCESS_TOKEN, REFRESH_TOKEN } from './fixtures.ts';
import { jsonResponse, type MockHandler, mockApi } from './mock-api.ts';

interface RenderAppOptions {
  /** The address the app opens at. */
  path: string;
  /** Stores tokens and answers GET /api/auth/me with this member; none means signed out. */
  signedInAs?: User;
  /** Further API handlers; they override the /auth/me answer above. */
  api?: Record<string, MockHandler>;
}

/** Renders the whole app (providers, router, guards) at `path`, with fetch mocked. */
export function renderApp({ path, signedInAs, api = {} }: RenderAppOptions) {
  if (signedInAs !== undefined) {
    localStorage.setItem('token', ACCESS_TOKEN);
    localStorage.setItem('refreshToken', REFRESH_TOKEN);
  }
  const mockedApi = mockApi({
    ...(signedInAs === undefined ? {} : { 'GET /api/auth/me': () => jsonResponse(200, { user: signedInAs }) }),
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
