import {
  DEFAULT_NOTIFICATION_FLAGS,
  NOTIFICATION_SCHEDULE,
  NOTIFICATION_SETTINGS_MESSAGES,
  type NotificationSettings,
} from '@stationbid/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/fixtures.ts';
import { jsonResponse, type MockHandler } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

const member = buildUser();

function renderDialog({
  settings = { preferences: DEFAULT_NOTIFICATION_FLAGS, phoneNumber: null, isOfferPending: false },
  api = {},
}: {
  settings?: NotificationSettings;
  api?: Record<string, MockHandler>;
} = {}) {
  let stored = settings;
  return renderApp({
    path: '/profile',
    signedInAs: member,
    api: {
      'GET /api/users/profile': () => jsonResponse(200, { user: member }),
      'GET /api/notifications/preferences': () => jsonResponse(200, stored),
      'PUT /api/notifications/preferences': (request) => {
        stored = { ...stored, preferences: { ...stored.preferences, ...(request.body as object) } };
        return jsonResponse(200, { ...stored, message: NOTIFICATION_SETTINGS_MESSAGES.updated });
      },
      'PUT /api/notifications/phone': (request) => {
        const { phoneNumber } = request.body as { phoneNumber: string };
        stored = { ...stored, phoneNumber: `+1${phoneNumber.replace(/\D/g, '')}` };
        return jsonResponse(200, { ...stored, message: NOTIFICATION_SETTINGS_MESSAGES.phoneUpdated });
      },
      ...api,
    },
  });
}

type UserEvent = ReturnType<typeof renderDialog>['user'];

/** The profile is a lazily loaded route: on a busy machine its first render takes more than findBy's second. */
const PAGE_LOAD = { timeout: 15_000 };

async function openDialog(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Notification Settings' }, PAGE_LOAD));
  const dialog = await screen.findByRole('dialog', { name: 'Notification Settings' });
  await within(dialog).findByRole('switch', { name: /^Notifications/ });
  return dialog;
}

const switchNamed = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('switch', { name });

describe('NotificationSettingsDialog', () => {
  it('shows the defaults and the schedule, with Save disabled until something changes', async () => {
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    expect(switchNamed(dialog, /^Notifications/)).toBeChecked();
    expect(switchNamed(dialog, /^Bid reminders/)).toBeChecked();
    expect(switchNamed(dialog, /^E-mail notifications/)).toBeChecked();
    expect(switchNamed(dialog, /^SMS notifications/)).not.toBeChecked();
    for (const line of NOTIFICATION_SCHEDULE) expect(within(dialog).getByText(line)).toBeInTheDocument();
    // The phone is asked for only while SMS is on.
    expect(within(dialog).queryByRole('textbox', { name: /Mobile phone number/ })).not.toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Save Settings' });
    expect(save).toBeDisabled();
    await user.click(switchNamed(dialog, /^Bid reminders/));
    expect(save).toBeEnabled();
    await user.click(switchNamed(dialog, /^Bid reminders/));
    expect(save).toBeDisabled();
  });

  it('disables the other switches while notifications are off', async () => {
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    await user.click(switchNamed(dialog, /^Notifications/));
    for (const name of [/^Bid reminders/, /^E-mail notifications/, /^SMS notifications/]) {
      expect(switchNamed(dialog, name)).toBeDisabled();
    }
    expect(within(dialog).getByText(/Notifications are off/)).toBeInTheDocument();
  });

  it('asks for a valid phone when SMS is turned on, saves the phone then the flags', async () => {
    const { user, api } = renderDialog();
    const dialog = await openDialog(user);
    await user.click(switchNamed(dialog, /^SMS notifications/));
    const phone = within(dialog).getByRole('textbox', { name: /Mobile phone number/ });
    const save = within(dialog).getByRole('button', { name: 'Save Settings' });
    expect(save).toBeDisabled();
    await user.type(phone, '555-0201');
    expect(within(dialog).getByText(NOTIFICATION_SETTINGS_MESSAGES.phoneInvalid)).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(phone);
    await user.type(phone, '(415) 555-0123');
    expect(within(dialog).queryByText(NOTIFICATION_SETTINGS_MESSAGES.phoneInvalid)).not.toBeInTheDocument();
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(NOTIFICATION_SETTINGS_MESSAGES.updated)).toBeInTheDocument();
    const calls = api.requests.filter((request) => request.method === 'PUT').map((request) => request.path);
    expect(calls).toEqual(['/api/notifications/phone', '/api/notifications/preferences']);
    expect(api.requestsTo('PUT /api/notifications/phone')[0]?.body).toEqual({ phoneNumber: '(415) 555-0123' });
    expect(api.requestsTo('PUT /api/notifications/preferences')[0]?.body).toEqual({
      ...DEFAULT_NOTIFICATION_FLAGS,
      smsNotifications: true,
    });

    // Opened again, it shows what was saved.
    const reopened = await openDialog(user);
    expect(switchNamed(reopened, /^SMS notifications/)).toBeChecked();
    // The stored E.164 number, shown as people write it.
    expect(within(reopened).getByRole('textbox', { name: /Mobile phone number/ })).toHaveValue('(415) 555-0123');
  });

  it('never offers a phone on file that cannot receive texts as the SMS number', async () => {
    const { user } = renderDialog({
      settings: { preferences: DEFAULT_NOTIFICATION_FLAGS, phoneNumber: '555-0199', isOfferPending: false },
    });
    const dialog = await openDialog(user);
    await user.click(switchNamed(dialog, /^SMS notifications/));
    const phone = within(dialog).getByRole('textbox', { name: /Mobile phone number/ });
    expect(phone).toHaveValue('');
    expect(phone).toHaveAttribute('placeholder', '(555) 201-4477');
    expect(phone).toHaveAccessibleDescription(/555-0199, cannot receive texts/);
    expect(within(dialog).getByRole('button', { name: 'Save Settings' })).toBeDisabled();
  });

  it('shows the server’s reason when a save is refused, and keeps the dialog open', async () => {
    const { user } = renderDialog({
      api: {
        'PUT /api/notifications/preferences': () =>
          jsonResponse(400, { error: NOTIFICATION_SETTINGS_MESSAGES.smsNeedsPhone, code: 'BAD_REQUEST' }),
      },
    });
    const dialog = await openDialog(user);
    await user.click(switchNamed(dialog, /^E-mail notifications/));
    await user.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(NOTIFICATION_SETTINGS_MESSAGES.updateFailed);
    expect(alert).toHaveTextContent(NOTIFICATION_SETTINGS_MESSAGES.smsNeedsPhone);
  });

  it('says so when the settings cannot be loaded', async () => {
    const { user } = renderDialog({
      api: {
        'GET /api/notifications/preferences': () => jsonResponse(404, { error: 'User not found', code: 'NOT_FOUND' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Notification Settings' }));
    expect(await screen.findByText(NOTIFICATION_SETTINGS_MESSAGES.loadFailed)).toBeInTheDocument();
  });

  it('explains why push notifications cannot be turned on in a browser without Web Push', async () => {
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    const push = switchNamed(dialog, /^Push notifications/);
    expect(push).toBeDisabled();
    expect(within(dialog).getByText(/cannot receive push notifications/)).toBeInTheDocument();
  });

  describe('in a browser with Web Push', () => {
    // jsdom has no Push API: these stand in for the browser's objects, the server is the mock API.
    const subscription = {
      endpoint: 'https://push.example/device-1',
      options: { applicationServerKey: null },
      toJSON: () => ({ endpoint: 'https://push.example/device-1', keys: { p256dh: 'p', auth: 'a' } }),
      unsubscribe: async () => true,
    };
    function givePushApi(permission: NotificationPermission) {
      vi.stubGlobal('isSecureContext', true);
      vi.stubGlobal('PushManager', class {});
      vi.stubGlobal('Notification', { permission, requestPermission: async () => permission });
      Object.defineProperty(navigator, 'serviceWorker', {
        configurable: true,
        value: {
          register: async () => ({
            pushManager: { getSubscription: async () => null, subscribe: async () => subscription },
          }),
          getRegistration: async () => undefined,
        },
      });
    }
    afterEach(() => {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'serviceWorker');
    });

    it('subscribes this device when push is turned on, then saves the setting', async () => {
      givePushApi('granted');
      const subscribed: unknown[] = [];
      const { user } = renderDialog({
        api: {
          'GET /api/push/public-key': () => jsonResponse(200, { publicKey: 'BPublicKey' }),
          'POST /api/push/subscriptions': (request) => {
            subscribed.push(request.body);
            return jsonResponse(201, { devices: 1, message: 'This device will receive push notifications.' });
          },
        },
      });
      const dialog = await openDialog(user);
      await user.click(switchNamed(dialog, /^Push notifications/));
      await waitFor(() => expect(switchNamed(dialog, /^Push notifications/)).toBeChecked());
      expect(subscribed).toEqual([subscription.toJSON()]);
      await user.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Notification Settings' })).not.toBeInTheDocument(),
      );
    });

    it('leaves push off and says what to do when notifications are blocked', async () => {
      givePushApi('denied');
      const { user } = renderDialog();
      const dialog = await openDialog(user);
      await user.click(switchNamed(dialog, /^Push notifications/));
      expect(await within(dialog).findByText(/Notifications are blocked for StationBid/)).toBeInTheDocument();
      expect(switchNamed(dialog, /^Push notifications/)).not.toBeChecked();
    });
  });
});
