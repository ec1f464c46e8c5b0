/**
 * Turns the notices that wake a member (a text, or a notification on this phone, when their turn
 * is near) on or off, with the member's existing settings: texts need the one phone number on file
 * (PUT /notifications/phone first when a new one was typed), and "2 turns away" is a reminder, so
 * turning a channel on turns notifications and bid reminders on with it. Push subscribes this
 * device first, which makes the browser ask for its permission (so call it from a click).
 */
import { type NotificationSettings, normalizePhoneNumber } from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { PushUnavailableError, subscribeToPush } from '../../../lib/push.ts';
import { onNotificationSettingsSaved, onNotificationSettingsSaveFailed } from './notification-queries.ts';
import { updateNotificationPreferences } from './update-notification-preferences.ts';
import { updatePhoneNumber } from './update-phone-number.ts';

export type TurnNoticeChange =
  /** `phoneNumber` as typed; it replaces the one on file when it differs. */
  | { channel: 'sms'; isOn: true; phoneNumber: string }
  | { channel: 'sms' | 'push'; isOn: false }
  | { channel: 'push'; isOn: true };

/** Both reminders of a turn need these on as well as the channel itself. */
const REMINDERS_ON = { notifications: true, bidReminders: true } as const;

export async function changeTurnNotices(
  change: TurnNoticeChange,
  saved: Pick<NotificationSettings, 'phoneNumber'>,
): Promise<NotificationSettings> {
  if (!change.isOn) {
    return updateNotificationPreferences(
      change.channel === 'sms' ? { smsNotifications: false } : { pushNotifications: false },
    );
  }
  if (change.channel === 'push') {
    await subscribeToPush();
    return updateNotificationPreferences({ ...REMINDERS_ON, pushNotifications: true });
  }
  if (normalizePhoneNumber(change.phoneNumber) !== saved.phoneNumber) {
    await updatePhoneNumber({ phoneNumber: change.phoneNumber });
  }
  return updateNotificationPreferences({ ...REMINDERS_ON, smsNotifications: true });
}

/** What to tell the member when a change failed, in their words. */
export function describeTurnNoticeFailure(error: unknown): string {
  if (error instanceof PushUnavailableError) return error.message;
  return getErrorMessage(error, 'Your notification settings could not be saved. Try again.');
}

/** Whether "when I'm 2 turns away" reaches the member on a channel: the channel, notifications and reminders on. */
export function isTurnNoticeOn(settings: NotificationSettings, channel: TurnNoticeChange['channel']): boolean {
  const { preferences } = settings;
  // Texts also need a number a text can go to (one kept from before numbers were checked may not be).
  const isChannelOn =
    channel === 'sms'
      ? preferences.smsNotifications &&
        settings.phoneNumber !== null &&
        normalizePhoneNumber(settings.phoneNumber) !== null
      : preferences.pushNotifications;
  return isChannelOn && preferences.notifications && preferences.bidReminders;
}

export function useChangeTurnNotices(saved: Pick<NotificationSettings, 'phoneNumber'> | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TurnNoticeChange) => changeTurnNotices(change, { phoneNumber: saved?.phoneNumber ?? null }),
    onSuccess: (settings) => onNotificationSettingsSaved(queryClient, settings),
    // A phone saved before the flags failed is stored: the settings are read again.
    onError: () => onNotificationSettingsSaveFailed(queryClient),
  });
}
