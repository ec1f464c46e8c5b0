/** How a notice's channel and result read on the control panel and in the delivery log. */
import type { DeliveryChannel, DeliveryResult } from '@stationbid/domain';

export const CHANNEL_LABELS: Readonly<Record<DeliveryChannel, string>> = {
  email: 'E-mail',
  sms: 'Text',
  push: 'Push',
};

export const DELIVERY_RESULT_LABELS: Readonly<Record<DeliveryResult, string>> = {
  delivered: 'delivered',
  queued: 'waiting to send',
  retrying: 'failed once, retrying',
  failed: 'failed',
};

/** Mantine colours with AA contrast as light badges. */
export const DELIVERY_RESULT_COLORS: Readonly<Record<DeliveryResult, string>> = {
  delivered: 'green',
  queued: 'gray',
  retrying: 'yellow',
  failed: 'red',
};

/** "1 turn away", "3 turns away", or "Holds the turn" for 0. */
export function turnsAwayText(turnsAway: number): string {
  if (turnsAway === 0) return 'Holds the turn';
  return turnsAway === 1 ? 'Next' : `${turnsAway} turns away`;
}
