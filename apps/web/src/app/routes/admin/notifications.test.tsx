import {
  DEFAULT_NOTIFICATION_FLAGS,
  MESSAGES,
  NOTIFICATION_SETTINGS_MESSAGES,
  type NotifiableMember,
  type NotifiableSession,
  type NotificationStatusResponse,
} from '@stationbid/domain';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { adminUser, buildUser } from '../../../test/fixtures.ts';
import { jsonResponse, type MockHandler, type MockRequest } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

const status: NotificationStatusResponse = {
  emailServiceAvailable: true,
  smsServiceAvailable: false,
  status: {
    email: { isConfigured: true, lastSentAt: '2026-02-01T10:00:00.000Z', queued: 3, failed: 2 },
    sms: { isConfigured: false, lastSentAt: null, queued: 4, failed: 0 },
    push: { isConfigured: true, lastSentAt: null, queued: 0, failed: 0, devices: 0, removedDevices: 0 },
    recentFailures: [
      {
        id: 'f1',
        channel: 'email',
        kind: 'session_reminder',
        recipient: 'lost@stationbid.example',
        attempts: 8,
        lastError: '550 mailbox unavailable',
        lastAttemptAt: '2026-02-02T11:00:00.000Z',
        willRetry: false,
        nextAttemptAt: null,
        deviceRemoved: false,
      },
    ],
  },
};

const chloe: NotifiableMember = {
  id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Chloe',
  lastName: 'Bennett',
  email: 'chloe.bennett@stationbid.example',
  phoneNumber: null,
  hasSmsPhone: false,
  preferences: DEFAULT_NOTIFICATION_FLAGS,
};

const session: NotifiableSession = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Spring Bid 2026',
  status: 'scheduled',
  startDate: '2026-03-01T08:00:00.000Z',
  participantCount: 12,
};

function renderPage(actions: Partial<Record<string, MockHandler>> = {}) {
  const handlers: Record<string, MockHandler> = {
    'get-status': () => jsonResponse(200, status),
    'get-users': () => jsonResponse(200, { users: [chloe] }),
    'get-sessions': () => jsonResponse(200, { sessions: [session] }),
    'send-test': () =>
      jsonResponse(200, {
        message: `Test e-mail queued for ${chloe.email}. Delivery begins within a minute.`,
        recipient: chloe.email,
      }),
    'send-session-notification': () =>
      jsonResponse(200, {
        message: '11 e-mails queued. 1 participant without e-mail address left out.',
        queued: 11,
        withoutAddress: 1,
      }),
    ...actions,
  } as Record<string, MockHandler>;
  return renderApp({
    path: '/admin/notifications',
    signedInAs: adminUser,
    api: {
      'POST /api/notifications/management': (request: MockRequest) => {
        const { action } = request.body as { action: string };
        const handler = handlers[action];
        return handler ? handler(request) : jsonResponse(400, { error: 'unknown', code: 'BAD_REQUEST' });
      },
    },
  });
}

type UserEvent = ReturnType<typeof renderPage>['user'];

/** Picks an option of a Mantine select; jsdom never ends the dropdown's opening, so options count as hidden. */
async function chooseOption(user: UserEvent, input: HTMLElement, option: RegExp) {
  await user.click(input);
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '') as HTMLElement;
  await user.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

describe('NotificationManagementPage', () => {
  beforeAll(() => {
    Element.prototype.scrollIntoView ??= () => undefined;
  });

  it('shows each channel’s real state and the recent failures', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Notification Management' })).toBeInTheDocument();
    const email = await screen.findByRole('region', { name: 'E-mail delivery' });
    expect(within(email).getByText('Configured')).toBeInTheDocument();
    expect(within(email).getByText('Queued').nextSibling).toHaveTextContent('3');
    expect(within(email).getByText('Failed').nextSibling).toHaveTextContent('2');
    const sms = screen.getByRole('region', { name: 'SMS delivery' });
    expect(within(sms).getByText('Not configured')).toBeInTheDocument();
    expect(within(sms).getByText(/SMS is not configured/)).toBeInTheDocument();
    expect(within(sms).getByText('Last delivered').nextSibling).toHaveTextContent('Never');
    expect(within(sms).getByText('Queued').nextSibling).toHaveTextContent('4');
    const failures = screen.getByRole('table', { name: 'Recent failures' });
    const row = within(failures).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('lost@stationbid.example');
    expect(row).toHaveTextContent('550 mailbox unavailable');
    expect(row).toHaveTextContent('Given up');
  });

  it('refreshes the status on request', async () => {
    const { user, api } = renderPage();
    await screen.findByRole('region', { name: 'E-mail delivery' });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    const statusCalls = () =>
      api.requestsTo('POST /api/notifications/management').filter((request) => {
        return (request.body as { action: string }).action === 'get-status';
      });
    await vi.waitFor(() => expect(statusCalls()).toHaveLength(2));
  });

  it('shows the server’s refusal when the status cannot be loaded', async () => {
    renderPage({ 'get-status': () => jsonResponse(403, { error: MESSAGES.adminRequired, code: 'FORBIDDEN' }) });
    expect(await screen.findByText(NOTIFICATION_SETTINGS_MESSAGES.statusLoadFailed)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.adminRequired)).toBeInTheDocument();
  });

  it('asks for the selections the spec requires before sending', async () => {
    const { user, api } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Test Notifications' }));
    await user.click(await screen.findByRole('button', { name: 'Send Test' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NOTIFICATION_SETTINGS_MESSAGES.userAndSessionRequired);
    await user.click(screen.getByRole('button', { name: 'Send Session Notification' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NOTIFICATION_SETTINGS_MESSAGES.sessionRequired);
    const sends = api
      .requestsTo('POST /api/notifications/management')
      .filter((request) => (request.body as { action: string }).action.startsWith('send'));
    expect(sends).toHaveLength(0);
  });

  it('sends a test and a session notification, showing what the server queued', async () => {
    const { user, api } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Test Notifications' }));
    const userSelect = await screen.findByRole('combobox', { name: 'User' });
    await vi.waitFor(() => expect(userSelect).toHaveAttribute('placeholder', 'Choose a member'));
    await chooseOption(user, userSelect, /Chloe Bennett/);
    const sessionSelect = screen.getByRole('combobox', { name: 'Session' });
    await vi.waitFor(() => expect(sessionSelect).toHaveAttribute('placeholder', 'Choose a session'));
    await chooseOption(user, sessionSelect, /Spring Bid 2026 \(Scheduled, 12 participants\)/);
    await user.click(screen.getByRole('radio', { name: 'SMS' }));
    expect(screen.getByText(/Chloe Bennett has no mobile number/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'E-mail' }));
    await user.type(screen.getByRole('textbox', { name: /Custom message/ }), '  Bring your badge.  ');
    await user.click(screen.getByRole('button', { name: 'Send Test' }));
    expect(await screen.findByText(/Test e-mail queued for chloe.bennett@stationbid.example/)).toBeInTheDocument();
    const bodies = () =>
      api.requestsTo('POST /api/notifications/management').map((request) => request.body as Record<string, unknown>);
    expect(bodies().find((body) => body.action === 'send-test')).toEqual({
      action: 'send-test',
      userId: chloe.id,
      sessionId: session.id,
      type: 'email',
      customMessage: 'Bring your badge.',
    });

    await user.click(screen.getByRole('button', { name: 'Send Session Notification' }));
    expect(await screen.findByText(/11 e-mails queued/)).toBeInTheDocument();
    expect(bodies().find((body) => body.action === 'send-session-notification')).toEqual({
      action: 'send-session-notification',
      sessionId: session.id,
      type: 'email',
      customMessage: 'Bring your badge.',
    });
  });

  it('shows the server’s reason when a send fails', async () => {
    const { user } = renderPage({
      'send-session-notification': () => jsonResponse(404, { error: 'Session not found', code: 'NOT_FOUND' }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Test Notifications' }));
    const sessionSelect = await screen.findByRole('combobox', { name: 'Session' });
    await vi.waitFor(() => expect(sessionSelect).toHaveAttribute('placeholder', 'Choose a session'));
    await chooseOption(user, sessionSelect, /Spring Bid 2026/);
    await user.click(screen.getByRole('button', { name: 'Send Session Notification' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(NOTIFICATION_SETTINGS_MESSAGES.sessionNotificationFailed);
    expect(alert).toHaveTextContent('Session not found');
  });
});

describe('NotificationManagementPage for a member', () => {
  it('sends a member to the dashboard', async () => {
    const { router } = renderApp({
      path: '/admin/notifications',
      signedInAs: buildUser(),
      api: {},
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('NotificationManagementPage: webhooks', () => {
  it('lists webhook deliveries with their endpoint, event, status, response code, attempts and time', async () => {
    const { user } = renderApp({
      path: '/admin/notifications',
      signedInAs: adminUser,
      api: {
        'POST /api/notifications/management': () => jsonResponse(200, status),
        'GET /api/admin/webhooks/deliveries': () =>
          jsonResponse(200, {
            deliveries: [
              {
                id: 'd1',
                endpointId: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
                endpointUrl: 'https://hooks.example.org/stationbid',
                event: 'session.completed',
                status: 'retrying',
                attempts: 2,
                responseCode: 500,
                durationMs: 120,
                lastError: 'the endpoint answered 500',
                createdAt: '2026-11-28T09:30:00.000Z',
                lastAttemptAt: '2026-11-28T09:31:00.000Z',
              },
              {
                id: 'd2',
                endpointId: null,
                endpointUrl: null,
                event: 'turn.started',
                status: 'delivered',
                attempts: 1,
                responseCode: 204,
                durationMs: 35,
                lastError: null,
                createdAt: '2026-11-28T09:00:00.000Z',
                lastAttemptAt: '2026-11-28T09:00:01.000Z',
              },
            ],
          }),
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Webhooks' }));
    const table = await screen.findByRole('table', { name: 'Webhook deliveries' });
    const [, retrying, delivered] = within(table).getAllByRole('row') as HTMLElement[];
    expect(retrying).toHaveTextContent('https://hooks.example.org/stationbid');
    expect(retrying).toHaveTextContent('session.completed');
    expect(retrying).toHaveTextContent('Retrying');
    expect(retrying).toHaveTextContent('the endpoint answered 500');
    expect(retrying).toHaveTextContent('500 in 120 ms');
    expect(within(retrying as HTMLElement).getAllByRole('cell')[4]).toHaveTextContent('2');
    expect(delivered).toHaveTextContent('A deleted endpoint');
    expect(delivered).toHaveTextContent('Delivered');
    expect(delivered).toHaveTextContent('204');
  });
});
