import {
  DEFAULT_NOTIFICATION_FLAGS,
  NOTIFICATION_SETTINGS_MESSAGES,
  type NotificationFlags,
  type NotificationSettings,
} from '@stationbid/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { ACCESS_TOKEN } from '../../../test/fixtures.ts';
import { jsonResponse, mockApi } from '../../../test/mock-api.ts';
import { TEXT_TURN_NOTICE_LABEL, TurnNoticeSwitches } from './turn-notice-switches.tsx';

function renderSwitches(initial: Partial<NotificationSettings> = {}) {
  localStorage.setItem('token', ACCESS_TOKEN);
  let stored: NotificationSettings = {
    preferences: DEFAULT_NOTIFICATION_FLAGS,
    phoneNumber: null,
    isOfferPending: false,
    ...initial,
  };
  const api = mockApi({
    'GET /api/notifications/preferences': () => jsonResponse(200, stored),
    'PUT /api/notifications/phone': (request) => {
      const { phoneNumber } = request.body as { phoneNumber: string };
      stored = { ...stored, phoneNumber: `+1${phoneNumber.replace(/\D/g, '')}` };
      return jsonResponse(200, { ...stored, message: NOTIFICATION_SETTINGS_MESSAGES.phoneUpdated });
    },
    'PUT /api/notifications/preferences': (request) => {
      stored = { ...stored, preferences: { ...stored.preferences, ...(request.body as Partial<NotificationFlags>) } };
      return jsonResponse(200, { ...stored, message: NOTIFICATION_SETTINGS_MESSAGES.updated });
    },
  });
  render(
    <AppProviders>
      <TurnNoticeSwitches />
    </AppProviders>,
  );
  return { api, user: userEvent.setup(), stored: () => stored };
}

const textSwitch = () => screen.findByRole('switch', { name: new RegExp(`^${TEXT_TURN_NOTICE_LABEL}`) });

describe('TurnNoticeSwitches', () => {
  it('reads the member’s settings: texts on to the number on file', async () => {
    renderSwitches({
      preferences: { ...DEFAULT_NOTIFICATION_FLAGS, smsNotifications: true },
      phoneNumber: '+15552014477',
    });
    const texts = await textSwitch();
    expect(texts).toBeChecked();
    expect(texts).toHaveAccessibleDescription(/To \(555\) 201-4477/);
  });

  it('counts texts as off while bid reminders are off, since "2 turns away" is a reminder', async () => {
    renderSwitches({
      preferences: { ...DEFAULT_NOTIFICATION_FLAGS, smsNotifications: true, bidReminders: false },
      phoneNumber: '+15552014477',
    });
    expect(await textSwitch()).not.toBeChecked();
  });

  it('turns texts on with the number on file in one click, and off again', async () => {
    const { api, user, stored } = renderSwitches({ phoneNumber: '+15552014477' });
    await user.click(await textSwitch());
    await waitFor(async () => expect(await textSwitch()).toBeChecked());
    expect(api.requestsTo('PUT /api/notifications/phone')).toHaveLength(0);
    expect(api.requestsTo('PUT /api/notifications/preferences')[0]?.body).toEqual({
      notifications: true,
      bidReminders: true,
      smsNotifications: true,
    });

    await user.click(await textSwitch());
    await waitFor(async () => expect(await textSwitch()).not.toBeChecked());
    expect(api.requestsTo('PUT /api/notifications/preferences')[1]?.body).toEqual({ smsNotifications: false });
    expect(stored().preferences.smsNotifications).toBe(false);
  });

  it('asks for a number when none on file can receive texts, and checks it', async () => {
    const { api, user } = renderSwitches({ phoneNumber: '555-0199' });
    await user.click(await textSwitch());
    const phone = screen.getByRole('textbox', { name: /Mobile number/ });
    expect(phone).toHaveFocus();
    expect(phone).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Turn on texts' }));
    expect(screen.getByText(NOTIFICATION_SETTINGS_MESSAGES.phoneRequired)).toBeInTheDocument();
    await user.type(phone, '555 201 4477');
    await user.click(screen.getByRole('button', { name: 'Turn on texts' }));
    await waitFor(async () => expect(await textSwitch()).toBeChecked());
    expect(api.requestsTo('PUT /api/notifications/phone')[0]?.body).toEqual({ phoneNumber: '555 201 4477' });
    expect(screen.queryByRole('textbox', { name: /Mobile number/ })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal and leaves the switch as it was', async () => {
    const { user } = renderSwitches({ phoneNumber: '+15552014477' });
    mockApi({
      'GET /api/notifications/preferences': () =>
        jsonResponse(200, {
          preferences: DEFAULT_NOTIFICATION_FLAGS,
          phoneNumber: '+15552014477',
          isOfferPending: false,
        }),
      'PUT /api/notifications/preferences': () =>
        jsonResponse(400, { error: NOTIFICATION_SETTINGS_MESSAGES.smsNeedsPhone, code: 'BAD_REQUEST' }),
    });
    await user.click(await textSwitch());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(NOTIFICATION_SETTINGS_MESSAGES.smsNeedsPhone)).toBeInTheDocument();
    expect(await textSwitch()).not.toBeChecked();
  });
});
