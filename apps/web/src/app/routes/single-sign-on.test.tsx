import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN, adminUser, buildUser, REFRESH_TOKEN } from '../../test/fixtures.ts';
import { jsonResponse, type MockHandler } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';

// Each test renders the whole app; on a busy machine its first screen takes more than the default second.
configure({ asyncUtilTimeout: 5000 });

const member = buildUser();

function configApi(overrides: Partial<{ enabled: boolean; required: boolean; endSessionUrl: string | null }> = {}) {
  return {
    'GET /api/auth/oidc/config': () =>
      jsonResponse(200, {
        enabled: true,
        displayName: 'City ID',
        required: false,
        endSessionUrl: null,
        ...overrides,
      }),
  } satisfies Record<string, MockHandler>;
}

describe('single sign-on on the sign-in page', { timeout: 20_000 }, () => {
  it('offers "Sign in with <name>" as a link to the server\'s start, above the password form', async () => {
    renderApp({ path: '/login', api: configApi({ required: true }) });
    const button = await screen.findByRole('link', { name: 'Sign in with City ID' });
    expect(button).toHaveAttribute('href', '/api/auth/oidc/start');
    expect(
      screen.getByText('Members sign in with City ID. Administrators may also use their password below.'),
    ).toBeVisible();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  it('shows no button when the server has no single sign-on', async () => {
    renderApp({ path: '/login', api: configApi({ enabled: false }) });
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument();
  });
});

describe('signing out after single sign-on', { timeout: 20_000 }, () => {
  it("offers the provider's own sign-out once signed out of StationBid", async () => {
    const endSessionUrl = 'https://login.city.example/logout?client_id=stationbid';
    const { user, router } = renderApp({
      path: '/dashboard',
      signedInAs: member,
      api: {
        ...configApi({ endSessionUrl }),
        'POST /api/auth/logout': () => jsonResponse(200, { message: 'Logged out successfully' }),
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('link', { name: 'Also sign out of City ID' })).toHaveAttribute(
      'href',
      endSessionUrl,
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText(/You are signed out of StationBid/)).toBeInTheDocument();
  });
});

describe('the single sign-on landing page', { timeout: 20_000 }, () => {
  it('exchanges the one-time code, keeps the tokens and opens the dashboard', async () => {
    const { api, router } = renderApp({
      path: '/auth/sso?code=a-one-time-code-from-the-callback',
      api: {
        ...configApi(),
        'POST /api/auth/oidc/exchange': () =>
          jsonResponse(200, { user: member, token: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN }),
      },
    });

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('token')).toBe(ACCESS_TOKEN);
    expect(localStorage.getItem('refreshToken')).toBe(REFRESH_TOKEN);
    expect(api.requestsTo('POST /api/auth/oidc/exchange')).toHaveLength(1);
    expect(api.requestsTo('POST /api/auth/oidc/exchange')[0]?.body).toEqual({
      code: 'a-one-time-code-from-the-callback',
    });
  });

  it('says so when the code was used already, and leads back to the sign-in page', async () => {
    const { user, router } = renderApp({
      path: '/auth/sso?code=a-one-time-code-used-before',
      api: {
        ...configApi(),
        'POST /api/auth/oidc/exchange': () =>
          jsonResponse(400, {
            error: 'This sign-in link has expired or was used already. Start again from the sign-in page.',
            code: 'BAD_REQUEST',
          }),
      },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('expired or was used already');
    await user.click(screen.getByRole('link', { name: 'Back to sign-in' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each([
    ['unknown_member', 'no member of this department matches your account. Ask your administrator to add you.'],
    ['email_not_verified', 'City ID has not verified your e-mail address'],
    ['deactivated', 'Your account has been deactivated. Contact an administrator.'],
    ['expired', 'This sign-in took too long or was started in another tab or browser.'],
  ])('explains the refusal %s in words a person can act on', async (reason, words) => {
    renderApp({ path: `/auth/sso?error=${reason}`, api: configApi() });

    expect(await screen.findByRole('heading', { name: 'Could not sign you in' })).toBeInTheDocument();
    expect(await screen.findByText(new RegExp(words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toHaveAttribute('href', '/login');
  });

  it('offers to try again after a refusal the provider may not repeat', async () => {
    renderApp({ path: '/auth/sso?error=provider_unavailable', api: configApi() });
    expect(await screen.findByRole('link', { name: 'Try again with City ID' })).toHaveAttribute(
      'href',
      '/api/auth/oidc/start',
    );
  });
});

describe('single sign-on on the Department Settings page', { timeout: 20_000 }, () => {
  it('lets an administrator require single sign-on and allow unknown people as waiting members', async () => {
    const saved: unknown[] = [];
    const settings = {
      requireSingleSignOn: false,
      createUnknownMembers: false,
      configured: true,
      displayName: 'City ID',
      redirectUri: 'https://bids.city.example/api/auth/oidc/callback',
    };
    const { user } = renderApp({
      path: '/admin/settings',
      signedInAs: adminUser,
      api: {
        'GET /api/admin/single-sign-on': () => jsonResponse(200, settings),
        'PUT /api/admin/single-sign-on': (request) => {
          saved.push(request.body);
          return jsonResponse(200, { ...settings, ...(request.body as object) });
        },
      },
    });

    const card = await screen.findByRole('region', { name: 'Single sign-on' });
    expect(await within(card).findByText('https://bids.city.example/api/auth/oidc/callback')).toBeInTheDocument();
    const save = within(card).getByRole('button', { name: 'Save single sign-on' });
    expect(save).toBeDisabled();
    await user.click(within(card).getByRole('switch', { name: /Require single sign-on for members/ }));
    await user.click(within(card).getByRole('switch', { name: /Add unknown people as inactive members/ }));
    await user.click(save);

    expect(await screen.findByText('Single sign-on settings saved.')).toBeInTheDocument();
    expect(saved).toEqual([{ requireSingleSignOn: true, createUnknownMembers: true }]);
  });

  it('cannot require it while the server has no single sign-on configured', async () => {
    renderApp({
      path: '/admin/settings',
      signedInAs: adminUser,
      api: {
        'GET /api/admin/single-sign-on': () =>
          jsonResponse(200, {
            requireSingleSignOn: false,
            createUnknownMembers: false,
            configured: false,
            displayName: 'your organization',
            redirectUri: null,
          }),
      },
    });
    const card = await screen.findByRole('region', { name: 'Single sign-on' });
    expect(await within(card).findByText(/Single sign-on is not configured on this server/)).toBeInTheDocument();
    expect(within(card).getByRole('switch', { name: /Require single sign-on for members/ })).toBeDisabled();
  });
});
