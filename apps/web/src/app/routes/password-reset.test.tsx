import { MESSAGES, PASSWORD_RESET_MESSAGES } from '@stationbid/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const TOKEN = 'a'.repeat(43);

describe('ForgotPasswordPage', () => {
  it('checks the e-mail, sends it, and shows the same confirmation whatever the address', async () => {
    const { user, api } = renderApp({
      path: '/forgot-password',
      api: {
        'POST /api/auth/forgot-password': () => jsonResponse(200, { message: PASSWORD_RESET_MESSAGES.resetRequested }),
      },
    });
    await screen.findByRole('heading', { name: 'Forgot password' });
    const email = screen.getByLabelText('Email');

    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(email).toHaveFocus();
    expect(api.requests).toHaveLength(0);

    await user.type(email, ' Alex.Morgan@StationBid.example ');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_RESET_MESSAGES.resetRequested);
    expect(api.requestsTo('POST /api/auth/forgot-password')[0]?.body).toEqual({
      email: 'alex.morgan@stationbid.example',
    });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows the server refusal when an address asks too often', async () => {
    const { user } = renderApp({
      path: '/forgot-password',
      api: {
        'POST /api/auth/forgot-password': () =>
          jsonResponse(429, { error: PASSWORD_RESET_MESSAGES.tooManyRequests, code: 'TOO_MANY_ATTEMPTS' }),
      },
    });
    await user.type(await screen.findByLabelText('Email'), 'alex@stationbid.example');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_RESET_MESSAGES.tooManyRequests);
  });
});

describe('ResetPasswordPage', () => {
  const resetKey = `POST /api/auth/reset-password/${TOKEN}`;

  it('checks length and confirmation, sends the password only, and links to sign in afterwards', async () => {
    const { user, api } = renderApp({
      path: `/reset-password/${TOKEN}`,
      api: { [resetKey]: () => jsonResponse(200, { message: PASSWORD_RESET_MESSAGES.passwordReset }) },
    });
    await screen.findByRole('heading', { name: 'Reset password' });
    const password = screen.getByLabelText('New Password');
    const confirmation = screen.getByLabelText('Confirm New Password');

    await user.type(password, 'short');
    await user.type(confirmation, 'other');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(MESSAGES.newPasswordTooShort)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);

    await user.clear(password);
    await user.clear(confirmation);
    await user.type(password, 'a-new-password');
    await user.type(confirmation, 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_RESET_MESSAGES.passwordReset);
    expect(api.requestsTo(resetKey)[0]?.body).toEqual({ password: 'a-new-password' });
    expect(screen.getByRole('link', { name: 'Sign in with your new password' })).toHaveAttribute('href', '/login');
  });

  it('shows why a link is refused and offers a new one', async () => {
    const { user } = renderApp({
      path: `/reset-password/${TOKEN}`,
      api: {
        [resetKey]: () => jsonResponse(400, { error: PASSWORD_RESET_MESSAGES.linkExpired, code: 'RESET_LINK_EXPIRED' }),
      },
    });
    await user.type(await screen.findByLabelText('New Password'), 'a-new-password');
    await user.type(screen.getByLabelText('Confirm New Password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_RESET_MESSAGES.linkExpired);
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});
