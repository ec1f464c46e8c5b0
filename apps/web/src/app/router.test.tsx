import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../test/browser-stubs.ts';
import { ACCESS_TOKEN, adminUser, buildUser, REFRESH_TOKEN } from '../test/fixtures.ts';
import { deferred, jsonResponse } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';

/** A page loads its route module on first use: on a loaded CI machine that can take seconds. */
const PAGE_LOADED = { timeout: 15_000 };

const member = buildUser();
const MEMBER_LINKS = ['Dashboard', 'Bidding', 'Profile'];
const ADMIN_LINKS = [
  'Admin Dashboard',
  'User Management',
  'Station Management',
  'Certifications',
  'Bid Management',
  'Notification Management',
  'Department Settings',
  'Integrations',
];

function mainNavigation() {
  return screen.getByRole('navigation', { name: 'Main navigation' });
}

describe('route guards', () => {
  it.each(['/dashboard', '/bidding', '/live-bid/abc', '/profile', '/admin', '/admin/users', '/'])(
    'sends a signed-out visitor from %s to /login',
    async (path) => {
      const { router, api } = renderApp({ path });

      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      // Only the server's public answer of whether the sign-in page offers single sign-on.
      expect(api.requests.filter((request) => request.path !== '/api/auth/oidc/config')).toHaveLength(0);
    },
  );

  it('shows a labelled spinner while the current member loads', async () => {
    const answer = deferred<Response>();
    renderApp({ path: '/dashboard', signedInAs: member, api: { 'GET /api/auth/me': () => answer.promise } });

    // The route's chunk and the guard's check each show it; the guard's is the one that stays.
    await waitFor(() => expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument());
    answer.resolve(jsonResponse(200, { user: member }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('sends a member away from admin pages to /dashboard', async () => {
    const { router } = renderApp({ path: '/admin/users', signedInAs: member });

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends a signed-in member away from /login to /dashboard', async () => {
    const { router } = renderApp({ path: '/login', signedInAs: member });

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it.each(['/', '/no/such/page'])('sends %s to /dashboard', async (path) => {
    const { router } = renderApp({ path, signedInAs: member });

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it.each([
    ['/dashboard', 'Dashboard'],
    ['/bidding', 'Bidding'],
    ['/live-bid/session-1', 'Live Bidding'],
    ['/bid/session-1', 'Bidding'],
    ['/profile', 'Profile'],
    ['/stations', 'Fire Stations'],
    ['/bid-history', 'Bid History'],
    ['/seniority', 'Seniority Information'],
    ['/admin', 'Admin Dashboard'],
    ['/admin/users', 'User Management'],
    ['/admin/stations', 'Station Management'],
    ['/admin/certifications', 'Certifications'],
    ['/admin/bid-sessions', 'Bid Session Management'],
    ['/admin/notifications', 'Notification Management'],
    // The admin dashboard's seniority link opens member management on its Seniority Management tab.
    ['/admin/seniority', 'User Management'],
    ['/admin/settings', 'Department Settings'],
    ['/admin/integrations', 'Integrations'],
  ])('opens %s for an administrator with the title "%s"', async (path, title) => {
    const { router } = renderApp({ path, signedInAs: adminUser });

    expect(await screen.findByRole('heading', { level: 1, name: title }, PAGE_LOADED)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(document.title).toBe(`${title} · StationBid`);
  });

  it.each(['/forgot-password', '/reset-password/some-token'])('opens %s for a signed-out visitor', async (path) => {
    const { user, router } = renderApp({ path });

    await user.click(await screen.findByRole('link', { name: 'Back to sign in' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('start-up with stored tokens', () => {
  it('drops a malformed stored token without asking the server', async () => {
    localStorage.setItem('token', 'not-a-jwt');
    localStorage.setItem('refreshToken', REFRESH_TOKEN);
    const { api } = renderApp({ path: '/dashboard' });

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(api.requests.filter((request) => request.path !== '/api/auth/oidc/config')).toHaveLength(0);
  });

  it('signs out when the server refuses the stored member (deleted or deactivated)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderApp({
      path: '/dashboard',
      signedInAs: member,
      api: {
        'GET /api/auth/me': () =>
          jsonResponse(403, { error: 'Your account has been deactivated.', code: 'ACCOUNT_DEACTIVATED' }),
      },
    });

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps the session and offers Try Again when the server cannot answer, then carries on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let isServerDown = true;
    const { router, api, user } = renderApp({
      path: '/profile',
      signedInAs: member,
      api: {
        'GET /api/auth/me': () =>
          isServerDown
            ? jsonResponse(500, { error: 'Database down', code: 'INTERNAL_ERROR' })
            : jsonResponse(200, { user: member }),
      },
    });

    expect(await screen.findByText('Could not load your account', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(localStorage.getItem('token')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/profile');
    // One quiet retry before the screen, then nothing more until the member asks.
    expect(api.requestsTo('GET /api/auth/me')).toHaveLength(2);

    isServerDown = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(`Welcome, ${member.firstName} ${member.lastName}`)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('sends the member to /login when the server calls the token malformed', async () => {
    const { router, api } = renderApp({
      path: '/profile',
      signedInAs: member,
      api: {
        'GET /api/auth/me': () =>
          jsonResponse(401, { error: 'Your sign-in token is malformed.', code: 'TOKEN_MALFORMED' }),
      },
    });

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.requestsTo('POST /api/auth/refresh')).toHaveLength(0);
  });

  it('sends a member whose session cannot be renewed to sign in, and back to their page after', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderApp({
      path: '/profile',
      signedInAs: member,
      api: {
        'GET /api/auth/me': () => jsonResponse(401, { error: 'Expired', code: 'TOKEN_EXPIRED' }),
        'POST /api/auth/refresh': () =>
          jsonResponse(401, { error: 'Invalid refresh token.', code: 'REFRESH_TOKEN_INVALID' }),
      },
    });

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/profile');
  });

  it('keeps a reset-password link open when a stale stored session cannot be renewed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderApp({
      path: '/reset-password/abc123',
      signedInAs: member,
      api: {
        'GET /api/auth/me': () => jsonResponse(401, { error: 'Expired', code: 'TOKEN_EXPIRED' }),
        'POST /api/auth/refresh': () =>
          jsonResponse(401, { error: 'Invalid refresh token.', code: 'REFRESH_TOKEN_INVALID' }),
      },
    });

    expect(await screen.findByRole('heading', { name: 'Reset password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password/abc123');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('renews an expired token at start-up and carries on', async () => {
    const renewed = { token: 'header.payload.renewed', refreshToken: 'refresh-token-renewed-0001' };
    renderApp({
      path: '/profile',
      signedInAs: member,
      api: {
        'GET /api/auth/me': (request) =>
          request.headers.get('Authorization') === `Bearer ${renewed.token}`
            ? jsonResponse(200, { user: member })
            : jsonResponse(401, { error: 'Expired', code: 'TOKEN_EXPIRED' }),
        'POST /api/auth/refresh': () => jsonResponse(200, renewed),
      },
    });

    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe(renewed.token);
  });
});

describe('shell', () => {
  it('shows a member the welcome line, the member links only, and no Admin badge', async () => {
    renderApp({ path: '/dashboard', signedInAs: member });

    await screen.findByRole('heading', { name: 'Dashboard' });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Welcome, Alex Morgan')).toBeInTheDocument();
    expect(within(banner).queryByText('Admin')).not.toBeInTheDocument();
    const links = within(mainNavigation()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(MEMBER_LINKS);
    expect(within(mainNavigation()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows an administrator the admin links and the Admin badge', async () => {
    const { user, router } = renderApp({ path: '/dashboard', signedInAs: adminUser });

    await screen.findByRole('heading', { name: 'Dashboard' }, PAGE_LOADED);
    expect(within(screen.getByRole('banner')).getByText('Admin')).toBeInTheDocument();
    const links = within(mainNavigation()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([...MEMBER_LINKS, ...ADMIN_LINKS]);

    await user.click(within(mainNavigation()).getByRole('link', { name: 'Bid Management' }));
    expect(await screen.findByRole('heading', { name: 'Bid Session Management' }, PAGE_LOADED)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/bid-sessions');
  });

  it('lets keyboard users skip the navigation to the page content', async () => {
    const { user } = renderApp({ path: '/dashboard', signedInAs: member });
    await screen.findByRole('heading', { name: 'Dashboard' });

    await user.tab();
    const skipLink = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skipLink).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('puts the navigation in a drawer behind a burger on small screens', async () => {
    stubMatchMedia((query) => query === '(max-width: 47.99em)');
    const { user, router } = renderApp({ path: '/dashboard', signedInAs: member });

    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();

    const burger = screen.getByRole('button', { name: 'Open navigation' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await user.click(burger);
    const drawer = await screen.findByRole('dialog');
    await user.click(
      within(within(drawer).getByRole('navigation', { name: 'Main navigation' })).getByRole('link', {
        name: 'Profile',
      }),
    );

    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('logs out: revokes the refresh token, clears both tokens, says so and opens /login', async () => {
    const { user, router, api } = renderApp({
      path: '/dashboard',
      signedInAs: member,
      api: { 'POST /api/auth/logout': () => jsonResponse(200, { message: 'Logged out' }) },
    });

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('Logged out successfully')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    const [logoutCall] = api.requestsTo('POST /api/auth/logout');
    expect(logoutCall?.body).toEqual({ refreshToken: REFRESH_TOKEN });
    expect(logoutCall?.headers.get('Authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
  });

  it('still signs out locally when the server cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, router } = renderApp({
      path: '/dashboard',
      signedInAs: member,
      api: { 'POST /api/auth/logout': () => Promise.reject(new TypeError('Failed to fetch')) },
    });

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
