/**
 * Toast helpers with the durations of CLIENT_DEFAULTS: 3 s for success, 5 s for errors; everything
 * else keeps the 4 s default set on the <Notifications> container.
 */
import { notifications } from '@mantine/notifications';
import { CLIENT_DEFAULTS } from '@stationbid/domain';
import { getErrorMessage } from './api-client.ts';

// Mantine's close button has no accessible name of its own.
const closeButtonProps = { 'aria-label': 'Dismiss notification' };

export function showSuccess(message: string): void {
  // "status", not Mantine's default "alert": good news is announced without interrupting.
  notifications.show({
    color: 'green',
    message,
    role: 'status',
    autoClose: CLIENT_DEFAULTS.toastSuccessMs,
    closeButtonProps,
  });
}

/** Shows the server's error text when there is one, else `fallback`. */
export function showError(error: unknown, fallback: string): void {
  console.error(fallback, error);
  notifications.show({
    color: 'red',
    message: getErrorMessage(error, fallback),
    autoClose: CLIENT_DEFAULTS.toastErrorMs,
    closeButtonProps,
  });
}
