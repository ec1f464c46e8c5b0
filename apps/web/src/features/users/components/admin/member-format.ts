import type { User } from '@stationbid/domain';

/** "Station 1 (Downtown) · Shift A", or "Not assigned". */
export function describeStationAssignment(user: Pick<User, 'currentStation' | 'currentShift'>): string {
  if (user.currentStation === null) return 'Not assigned';
  const station = `Station ${user.currentStation.number} (${user.currentStation.name})`;
  return user.currentShift === null ? station : `${station} · Shift ${user.currentShift}`;
}

/** "#3" in the bid queue; inactive members are not in it. */
export function describeBidPriority(user: Pick<User, 'bidPriority'>): string {
  return user.bidPriority === null ? 'Not in queue' : `#${user.bidPriority}`;
}
