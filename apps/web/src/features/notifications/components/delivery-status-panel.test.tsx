import type { DeliveryFailure, NotificationStatusResponse } from '@stationbid/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser } from '../../../test/fixtures.ts';
import { jsonResponse, type MockRequest } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

/** The page is a lazily loaded route: on a busy machine its first render takes more than findBy's second. */
const PAGE_LOAD = { timeout: 15_000 };

const pushFailure = (values: Partial<DeliveryFailure>): DeliveryFailure => ({
  id: 'p1',
  channel: 'push',
  kind: 'turn_started',
  recipient: 'Gil Gone (device)',
  attempts: 1,
  lastError: 'push service answered 410: Gone (the subscription has expired or was revoked; removed)',
  lastAttemptAt: '2026-11-24T20:00:00.000Z',
  willRetry: false,
  nextAttemptAt: null,
  deviceRemoved: true,
  ...values,
});

function statusWith(push: NotificationStatusResponse['status']['push'], recentFailures: DeliveryFailure[]) {
  return {
    emailServiceAvailable: true,
    smsServiceAvailable: false,
    status: {
      email: { isConfigured: true, lastSentAt: null, queued: 0, failed: 0 },
      sms: { isConfigured: false, lastSentAt: null, queued: 0, failed: 0 },
      push,
      recentFailures,
    },
  } satisfies NotificationStatusResponse;
}

function renderStatus(status: NotificationStatusResponse) {
  return renderApp({
    path: '/admin/notifications',
    signedInAs: adminUser,
    api: {
      'POST /api/notifications/management': (request: MockRequest) =>
        (request.body as { action: string }).action === 'get-status'
          ? jsonResponse(200, status)
          : jsonResponse(200, { users: [], sessions: [] }),
    },
  });
}

describe('DeliveryStatusPanel, push', () => {
  it('shows push delivery with its devices, and each failed push with whose device, the reason and what happens next', async () => {
    renderStatus(
      statusWith({ isConfigured: true, lastSentAt: null, queued: 1, failed: 1, devices: 7, removedDevices: 1 }, [
        pushFailure({}),
        pushFailure({
          id: 'p2',
          recipient: 'Hal Busy (device)',
          lastError: 'push service answered 503: Service Unavailable',
          willRetry: true,
          nextAttemptAt: '2026-11-24T20:01:00.000Z',
          deviceRemoved: false,
        }),
        pushFailure({
          id: 'p3',
          recipient: 'Ivy Late (device)',
          lastError: 'not sent: too late, the moment it announced passed at 2026-11-24T19:00:00.000Z',
          deviceRemoved: false,
        }),
      ]),
    );
    const push = await screen.findByRole('region', { name: 'Push delivery' }, PAGE_LOAD);
    expect(within(push).getByText('Configured')).toBeInTheDocument();
    expect(within(push).getByText('Queued').nextSibling).toHaveTextContent('1');
    expect(within(push).getByText('Failed').nextSibling).toHaveTextContent('1');
    expect(within(push).getByText('Devices').nextSibling).toHaveTextContent('7');
    expect(within(push).getByText('Devices removed').nextSibling).toHaveTextContent('1');
    expect(within(push).getByText(/subscription had expired or was revoked/)).toBeInTheDocument();

    const failures = screen.getByRole('table', { name: 'Recent failures' });
    const [, removed, retrying, givenUp] = within(failures).getAllByRole('row');
    expect(removed).toHaveTextContent(/^PushGil Gone \(device\)push service answered 410/);
    expect(within(removed as HTMLElement).getByText('Device removed')).toBeInTheDocument();
    expect(retrying).toHaveTextContent('Hal Busy (device)');
    expect(retrying).toHaveTextContent('push service answered 503');
    expect(retrying).toHaveTextContent(/Retry /);
    expect(retrying).not.toHaveTextContent('Device removed');
    expect(givenUp).toHaveTextContent('Ivy Late (device)');
    expect(givenUp).toHaveTextContent(/Given up$/);
  });

  it('says nothing about removed devices while there are none', async () => {
    renderStatus(
      statusWith({ isConfigured: true, lastSentAt: null, queued: 0, failed: 0, devices: 2, removedDevices: 0 }, []),
    );
    const push = await screen.findByRole('region', { name: 'Push delivery' }, PAGE_LOAD);
    expect(within(push).getByText('Devices removed').nextSibling).toHaveTextContent('0');
    expect(within(push).queryByText(/subscription had expired/)).not.toBeInTheDocument();
    expect(screen.getByText('No failed deliveries.')).toBeInTheDocument();
  });
});
