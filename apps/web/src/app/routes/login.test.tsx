import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN, buildUser, REFRESH_TOKEN } from '../../test/fixtures.ts';
import { deferred, jsonResponse } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const member = buildUser();

async function findForm() {
  await screen.findByRole('heading', { name: 'Sign in' });
  return {
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: 'Sign In' }),
  };
}

describe('LoginPage', () => {
  it('shows the sign-in form, the forgot-password link and the no-registration note', async () => {
    renderApp({ path: '/login' });

    await findForm();
    expect(screen.getByRole('heading', { level: 1, name: 'StationBid' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByText('Need an account? Contact an administrator.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /register|sign up/i })).not.toBeInTheDocument();
  });

  it('shows the required-field messages and puts focus on the first field to fix', async () => {
    const { user, api } = renderApp({ path: '/login' });
    const form = await findForm();

    await user.click(form.submit);

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(form.email).toHaveFocus();
    expect(form.email).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('POST /api/auth/login')).toHaveLength(0);
  });

  it('checks the e-mail shape and the minimum password length', async () => {
    const { user, api } = renderApp({ path: '/login' });
    const form = await findForm();

    await user.type(form.email, 'not-an-email');
    await user.type(form.password, '12345');
    await user.click(form.submit);

    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/auth/login')).toHaveLength(0);
  });

  it('lets the password be shown and hidden again', async () => {
    const { user } = renderApp({ path: '/login' });
    const form = await findForm();
    const toggle = screen.getByRole('button', { name: 'Show password' });

    expect(form.password).toHaveAttribute('type', 'password');
    await user.click(toggle);
    expect(form.password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(form.password).toHaveAttribute('type', 'password');
  });

  it('reads "Signing in..." while the request runs, then shows the server error', async () => {
    const answer = deferred<Response>();
    const { user, api } = renderApp({ path: '/login', api: { 'POST /api/auth/login': () => answer.promise } });
    const form = await findForm();

    await user.type(form.email, 'alex.morgan@stationbid.example');
    await user.type(form.password, 'wrong-password');
    await user.click(form.submit);

    const busyButton = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busyButton).toBeDisabled();

    answer.resolve(jsonResponse(401, { error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(api.requestsTo('POST /api/auth/refresh')).toHaveLength(0);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('falls back to "Login failed" when the server gives no reason', async () => {
    const { user } = renderApp({
      path: '/login',
      api: { 'POST /api/auth/login': () => new Response(null, { status: 500 }) },
    });
    const form = await findForm();

    await user.type(form.email, 'alex.morgan@stationbid.example');
    await user.type(form.password, 'secret-password');
    await user.click(form.submit);

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('stores both tokens, says so and opens the dashboard on success', async () => {
    const { user, api, router } = renderApp({
      path: '/login',
      api: {
        'POST /api/auth/login': () =>
          jsonResponse(200, { user: member, token: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN }),
      },
    });
    const form = await findForm();

    await user.type(form.email, '  Alex.Morgan@StationBid.example ');
    await user.type(form.password, 'secret-password');
    await user.click(form.submit);

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('token')).toBe(ACCESS_TOKEN);
    expect(localStorage.getItem('refreshToken')).toBe(REFRESH_TOKEN);
    expect(screen.getByText('Login successful!')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('Welcome, Alex Morgan')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/auth/login')[0]?.body).toEqual({
      email: 'alex.morgan@stationbid.example',
      password: 'secret-password',
    });
    // The sign-in answer already carries the member: no second round trip to /auth/me.
    expect(api.requestsTo('GET /api/auth/me')).toHaveLength(0);
  });

  it.each([
    ['another site', '//evil.example/verify'],
    ['another site, by scheme', 'https://evil.example/verify'],
    ['another site, by backslash', '/\\evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['the sign-in page itself', '/login?next=/verify'],
  ])('opens the dashboard, not %s, when the address asks for it', async (_what, next) => {
    const { user, router } = renderApp({
      path: `/login?${new URLSearchParams({ next })}`,
      api: {
        'POST /api/auth/login': () =>
          jsonResponse(200, { user: member, token: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN }),
      },
    });
    const form = await findForm();
    await user.type(form.email, 'alex.morgan@stationbid.example');
    await user.type(form.password, 'secret-password');
    await user.click(form.submit);

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('returns to the page a signed-out visitor asked for, with its query', async () => {
    const { user, router } = renderApp({
      path: '/bid-history?session=42',
      api: {
        'POST /api/auth/login': () =>
          jsonResponse(200, { user: member, token: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN }),
      },
    });
    const form = await findForm();
    expect(router.state.location.search).toBe('?next=%2Fbid-history%3Fsession%3D42');
    await user.type(form.email, 'alex.morgan@stationbid.example');
    await user.type(form.password, 'secret-password');
    await user.click(form.submit);

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/bid-history'));
    expect(router.state.location.search).toBe('?session=42');
  });

  it('sends a member already signed in on to the page the address names', async () => {
    const { router } = renderApp({ path: '/login?next=%2Fstations', signedInAs: member });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/stations'));
  });
});
