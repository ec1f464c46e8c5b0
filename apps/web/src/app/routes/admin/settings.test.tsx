import {
  DEFAULT_SENIORITY_RULE,
  type DepartmentSettingsResponse,
  type NotificationStatusResponse,
  SENIORITY_RULE_PRESETS,
} from '@stationbid/domain';
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, buildUser } from '../../../test/fixtures.ts';
import { jsonResponse, type MockHandler } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

// Each test renders the whole app; on a busy machine its first screen takes more than the default second.
configure({ asyncUtilTimeout: 5000 });

const RECORD_KEY_FINGERPRINT = '9f2c'.repeat(16);

const unsetZone: DepartmentSettingsResponse = {
  timeZone: 'UTC',
  timeZoneAbbreviation: 'UTC',
  source: 'default',
  defaultTimeZone: 'UTC',
  updatedAt: null,
};

const deliveryStatus = (email: boolean, sms: boolean): NotificationStatusResponse => ({
  emailServiceAvailable: email,
  smsServiceAvailable: sms,
  status: {
    email: { isConfigured: email, lastSentAt: null, queued: 0, failed: 0 },
    sms: { isConfigured: sms, lastSentAt: null, queued: 0, failed: 0 },
    push: { isConfigured: true, lastSentAt: null, queued: 0, failed: 0, devices: 0, removedDevices: 0 },
    recentFailures: [],
  },
});

const presets = SENIORITY_RULE_PRESETS.map((preset) => ({
  id: preset.id,
  name: preset.name,
  description: preset.description,
  keys: preset.rule.keys,
}));

function settingsApi(overrides: Record<string, MockHandler> = {}): Record<string, MockHandler> {
  return {
    'GET /api/department-settings': () => jsonResponse(200, unsetZone),
    'GET /api/admin/rotation': () =>
      jsonResponse(200, {
        rotation: { pattern: 'ABC', anchorDate: '2026-01-01', shiftStartTime: '07:00' },
        timeZone: 'UTC',
      }),
    'GET /api/admin/seniority-rule': () =>
      jsonResponse(200, { keys: DEFAULT_SENIORITY_RULE.keys, isDefault: true, presets, updatedAt: null }),
    'GET /api/record-key': () =>
      jsonResponse(200, {
        algorithm: 'Ed25519',
        publicKeyPem: '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAexample\n-----END PUBLIC KEY-----\n',
        publicKey: 'ZXhhbXBsZS1wdWJsaWMta2V5LTMyLWJ5dGVzLWxvbmch',
        fingerprint: RECORD_KEY_FINGERPRINT,
        createdAt: '2026-11-25T09:00:00.000Z',
      }),
    'POST /api/notifications/management': () => jsonResponse(200, deliveryStatus(true, false)),
    'GET /api/admin/single-sign-on': () =>
      jsonResponse(200, {
        requireSingleSignOn: false,
        createUnknownMembers: false,
        configured: false,
        displayName: 'your organization',
        redirectUri: null,
      }),
    ...overrides,
  };
}

describe('DepartmentSettingsPage', { timeout: 20_000 }, () => {
  it('gathers the time zone, rotation, seniority rule, signing key and delivery settings on one page', async () => {
    renderApp({ path: '/admin/settings', signedInAs: adminUser, api: settingsApi() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Department Settings' })).toBeInTheDocument();
    const zone = await screen.findByRole('region', { name: 'Department time zone' });
    expect(await within(zone).findByText(/the server's default \(UTC\); no zone saved yet/)).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Shift rotation' })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Seniority rule' })).toBeInTheDocument();

    const records = screen.getByRole('region', { name: 'Session records' });
    expect(await within(records).findByRole('textbox', { name: /Key fingerprint/ })).toHaveValue(
      RECORD_KEY_FINGERPRINT,
    );
    expect(records).toHaveTextContent('node verify.mjs record.json --fingerprint <fingerprint>');
    expect(within(records).getByRole('link', { name: 'verifier, verify.mjs' })).toHaveAttribute(
      'href',
      '/api/verifier.mjs',
    );

    const delivery = screen.getByRole('region', { name: 'E-mail and text messages' });
    expect(await within(delivery).findByText('Configured')).toBeInTheDocument();
    expect(within(delivery).getByText('Not configured')).toBeInTheDocument();
    expect(delivery).toHaveTextContent('Set on the server by SMTP_URL and MAIL_FROM.');
    expect(delivery).toHaveTextContent(
      'Messages wait unsent until the server is started with SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM.',
    );
    // Read-only: the operator sets delivery in the server's environment.
    expect(within(delivery).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(delivery).queryByRole('button')).not.toBeInTheDocument();
    expect(within(delivery).getByRole('link', { name: 'Notification Management' })).toHaveAttribute(
      'href',
      '/admin/notifications',
    );
  });

  it('is in the administrators’ navigation, marked as the current page', async () => {
    renderApp({ path: '/admin/settings', signedInAs: adminUser, api: settingsApi() });

    const navigation = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(navigation).getByRole('link', { name: 'Department Settings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('is for administrators only', async () => {
    const { router } = renderApp({ path: '/admin/settings', signedInAs: buildUser() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
