/**
 * Saves the Notification Settings dialog: the phone first when it changed (SMS can only be turned
 * on with a number on file), then the flags when they changed. Both calls answer the stored
 * settings, which replace the cached ones.
 */
import { NOTIFICATION_SETTINGS_MESSAGES, type NotificationFlags, type NotificationSettings } from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showSuccess } from '../../../lib/toasts.ts';
import { onNotificationSettingsSaved, onNotificationSettingsSaveFailed } from './notification-queries.ts';
import { updateNotificationPreferences } from './update-notification-preferences.ts';
import { updatePhoneNumber } from './update-phone-number.ts';

/** A failed save, with the fallback text for the call that failed. */
export class NotificationSettingsSaveError extends Error {
  override readonly name = 'NotificationSettingsSaveError';
  constructor(
    readonly fallback: string,
    override readonly cause: unknown,
  ) {
    super(fallback);
  }
}

export interface NotificationSettingsChanges {
  /** The flags to store, or null when they did not change. */
  preferences: NotificationFlags | null;
  /** The number to store (as typed; the server normalises it), or null when it did not change. */
  phoneNumber: string | null;
}

async function saveNotificationSettings(changes: NotificationSettingsChanges): Promise<{
  settings: NotificationSettings | null;
  message: string;
}> {
  let settings: NotificationSettings | null = null;
  let message: string = NOTIFICATION_SETTINGS_MESSAGES.updated;
  if (changes.phoneNumber !== null) {
    try {
      settings = await updatePhoneNumber({ phoneNumber: changes.phoneNumber });
      message = NOTIFICATION_SETTINGS_MESSAGES.phoneUpdated;
    } catch (error) {
      throw new NotificationSettingsSaveError(NOTIFICATION_SETTINGS_MESSAGES.phoneUpdateFailed, error);
    }
  }
  if (changes.preferences !== null) {
    try {
      settings = await updateNotificationPreferences(changes.preferences);
      message = NOTIFICATION_SETTINGS_MESSAGES.updated;
    } catch (error) {
      throw new NotificationSettingsSaveError(NOTIFICATION_SETTINGS_MESSAGES.updateFailed, error);
    }
  }
  return { settings, message };
}

export function useSaveNotificationSettings({ onSaved }: { onSaved: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: ({ settings, message }) => {
      onNotificationSettingsSaved(queryClient, settings);
      showSuccess(message);
      onSaved();
    },
    // A phone saved before the flags failed is stored: read the settings again.
    onError: () => onNotificationSettingsSaveFailed(queryClient),
  });
}
