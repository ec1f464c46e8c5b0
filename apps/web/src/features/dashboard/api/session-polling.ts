import { type BidSessionStatus, TIMERS } from '@stationbid/domain';

/**
 * How often the dashboard asks again about a session that is running (active or paused): the spec's
 * participant-side 10 seconds, so a turn that starts reaches the member without a reload.
 */
export const RUNNING_SESSION_POLL_MS = TIMERS.participantExpirationCheckMs;

export function isRunningSession(status: BidSessionStatus | undefined): boolean {
  return status === 'active' || status === 'paused';
}
