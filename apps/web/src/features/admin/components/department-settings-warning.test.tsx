import type { DepartmentSettingsResponse, NotificationStatusResponse } from '@stationbid/domain';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { deferred, jsonResponse, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { DepartmentSettingsWarning } from './department-settings-warning.tsx';

const WARNING = 'The department is not fully set up';

const zone = (source: 'setting' | 'default'): DepartmentSettingsResponse => ({
  timeZone: 'UTC',
  timeZoneAbbreviation: 'UTC',
  source,
  defaultTimeZone: 'UTC',
  updatedAt: source === 'setting' ? '2026-11-25T21:00:00.000Z' : null,
});

const delivery = (isEmailConfigured: boolean): NotificationStatusResponse => ({
  emailServiceAvailable: isEmailConfigured,
  smsServiceAvailable: false,
  status: {
    email: { isConfigured: isEmailConfigured, lastSentAt: null, queued: 0, failed: 0 },
    sms: { isConfigured: false, lastSentAt: null, queued: 0, failed: 0 },
    push: { isConfigured: true, lastSentAt: null, queued: 0, failed: 0, devices: 0, removedDevices: 0 },
    recentFailures: [],
  },
});

function renderWarning(handlers: Record<string, MockHandler>) {
  const api = mockApi(handlers);
  const router = createMemoryRouter([{ path: '*', element: <DepartmentSettingsWarning /> }]);
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return api;
}

describe('DepartmentSettingsWarning', () => {
  it('names a time zone never chosen, and the zone times show in meanwhile, with a link to Department Settings', async () => {
    renderWarning({
      'GET /api/department-settings': () => jsonResponse(200, zone('default')),
      'POST /api/notifications/management': () => jsonResponse(200, delivery(true)),
    });
    const warning = await screen.findByRole('alert', { name: WARNING });
    expect(warning).toHaveTextContent(
      "The department's time zone is not set: turn times show in UTC. Set it in Department Settings.",
    );
    expect(warning).not.toHaveTextContent('E-mail');
    expect(within(warning).getByRole('link', { name: 'Department Settings' })).toHaveAttribute(
      'href',
      '/admin/settings',
    );
  });

  it('names e-mail without SMTP settings', async () => {
    renderWarning({
      'GET /api/department-settings': () => jsonResponse(200, zone('setting')),
      'POST /api/notifications/management': () => jsonResponse(200, delivery(false)),
    });
    const warning = await screen.findByRole('alert', { name: WARNING });
    expect(warning).toHaveTextContent(/E-mail is not configured: .* See Department Settings\.$/);
    expect(warning).not.toHaveTextContent('time zone');
  });

  it('says nothing once the zone is saved and e-mail is configured, nor while either is unknown', async () => {
    const settings = deferred<Response>();
    const api = renderWarning({
      'GET /api/department-settings': () => settings.promise,
      'POST /api/notifications/management': () => jsonResponse(500, { error: 'Database unavailable' }),
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    settings.resolve(jsonResponse(200, zone('setting')));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requestsTo('GET /api/department-settings')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
