import {
  DEFAULT_NOTIFICATION_FLAGS,
  NOTIFICATION_SETTINGS_MESSAGES,
  type NotificationFlags,
  type NotificationSettings,
} from '@stationbid/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { ACCESS_TOKEN } from '../../../test/fixtures.ts';
import { jsonResponse, mockApi } from '../../../test/mock-api.ts';
import { NOTIFICATION_OFFER_TITLE, NotificationOffer } from './notification-offer.tsx';

const pushMock = vi.hoisted(() => ({ isSupported: false, subscribe: vi.fn() }));
vi.mock(import('../../../lib/push.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  isPushSupported: () => pushMock.isSupported,
  subscribeToPush: pushMock.subscribe,
}));

/** The member's settings as the server keeps them, changed by the calls the offer makes. */
function renderOffer(initial: Partial<NotificationSettings> = {}, path = '/dashboard') {
  localStorage.setItem('token', ACCESS_TOKEN);
  let stored: NotificationSettings = {
    preferences: DEFAULT_NOTIFICATION_FLAGS,
    phoneNumber: null,
    isOfferPending: true,
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
    'DELETE /api/notifications/offer': () => {
      stored = { ...stored, isOfferPending: false };
      return jsonResponse(200, { ...stored, message: NOTIFICATION_SETTINGS_MESSAGES.offerAnswered });
    },
  });
  const view = render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <NotificationOffer />
      </MemoryRouter>
    </AppProviders>,
  );
  return { api, user: userEvent.setup(), unmount: view.unmount, stored: () => stored };
}

/** Lets the settings' answer arrive and render, so "not shown" is not merely "not yet". */
async function settle(api: ReturnType<typeof mockApi>) {
  await waitFor(() => expect(api.requestsTo('GET /api/notifications/preferences')).toHaveLength(1));
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

const findOffer = () => screen.findByRole('region', { name: NOTIFICATION_OFFER_TITLE });

describe('NotificationOffer', () => {
  it('turns texts on with a valid North American number, then is answered for good', async () => {
    pushMock.isSupported = false;
    const { api, user, stored } = renderOffer({ phoneNumber: '555-0199' });
    const offer = await findOffer();
    await user.click(within(offer).getByRole('button', { name: 'Text me' }));

    // The number on file cannot receive texts: it is not offered as if it could.
    const phone = within(offer).getByRole('textbox', { name: /Mobile number/ });
    expect(phone).toHaveFocus();
    expect(phone).toHaveValue('');
    expect(phone).toHaveAttribute('placeholder', '(555) 201-4477');
    await user.type(phone, '555-0200');
    await user.click(within(offer).getByRole('button', { name: 'Turn on texts' }));
    expect(within(offer).getByText(NOTIFICATION_SETTINGS_MESSAGES.phoneInvalid)).toBeInTheDocument();
    expect(api.requestsTo('PUT /api/notifications/phone')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '(555) 201-4477');
    await user.click(within(offer).getByRole('button', { name: 'Turn on texts' }));

    expect(await within(offer).findByText(/Texts are on, to \(555\) 201-4477/)).toBeInTheDocument();
    expect(api.requestsTo('PUT /api/notifications/phone')[0]?.body).toEqual({ phoneNumber: '(555) 201-4477' });
    expect(api.requestsTo('PUT /api/notifications/preferences')[0]?.body).toEqual({
      notifications: true,
      bidReminders: true,
      smsNotifications: true,
    });
    await waitFor(() => expect(api.requestsTo('DELETE /api/notifications/offer')).toHaveLength(1));
    expect(stored().isOfferPending).toBe(false);

    await user.click(within(offer).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: NOTIFICATION_OFFER_TITLE })).not.toBeInTheDocument();
  });

  it('is not shown once answered', async () => {
    const { api } = renderOffer({ isOfferPending: false });
    await settle(api);
    expect(screen.queryByRole('region', { name: NOTIFICATION_OFFER_TITLE })).not.toBeInTheDocument();
  });

  it.each(['/live-bid/session-1', '/verify'])(
    'waits off %s, where what the member came for comes first',
    async (path) => {
      const { api } = renderOffer({}, path);
      await settle(api);
      expect(screen.queryByRole('region', { name: NOTIFICATION_OFFER_TITLE })).not.toBeInTheDocument();
    },
  );

  it('"Not now" answers it without turning anything on', async () => {
    const { api, user } = renderOffer();
    const offer = await findOffer();
    await user.click(within(offer).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: NOTIFICATION_OFFER_TITLE })).not.toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo('DELETE /api/notifications/offer')).toHaveLength(1));
    expect(api.requestsTo('PUT /api/notifications/preferences')).toHaveLength(0);
  });

  it('closes by keyboard with Escape, which counts as an answer', async () => {
    const { api, user } = renderOffer();
    const offer = await findOffer();
    await user.tab();
    expect(offer).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: NOTIFICATION_OFFER_TITLE })).not.toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo('DELETE /api/notifications/offer')).toHaveLength(1));
  });

  it('asks the browser for permission from the click, then turns push on', async () => {
    pushMock.isSupported = true;
    pushMock.subscribe.mockResolvedValueOnce({ devices: 1 });
    const { api, user } = renderOffer();
    const offer = await findOffer();
    await user.click(within(offer).getByRole('button', { name: 'Notify this phone' }));
    expect(await within(offer).findByText('Notifications are on for this phone.')).toBeInTheDocument();
    expect(pushMock.subscribe).toHaveBeenCalledTimes(1);
    expect(api.requestsTo('PUT /api/notifications/preferences')[0]?.body).toEqual({
      notifications: true,
      bidReminders: true,
      pushNotifications: true,
    });
    await waitFor(() => expect(api.requestsTo('DELETE /api/notifications/offer')).toHaveLength(1));
  });

  it('says why when the browser refuses, and leaves push off and the offer open', async () => {
    pushMock.isSupported = true;
    const { PushUnavailableError, PUSH_UNAVAILABLE_MESSAGES } =
      await vi.importActual<typeof import('../../../lib/push.ts')>('../../../lib/push.ts');
    pushMock.subscribe.mockRejectedValueOnce(new PushUnavailableError('denied'));
    const { api, user } = renderOffer();
    const offer = await findOffer();
    await user.click(within(offer).getByRole('button', { name: 'Notify this phone' }));
    expect(await within(offer).findByRole('alert')).toHaveTextContent(PUSH_UNAVAILABLE_MESSAGES.denied);
    expect(api.requestsTo('PUT /api/notifications/preferences')).toHaveLength(0);
    expect(api.requestsTo('DELETE /api/notifications/offer')).toHaveLength(0);
  });
});
