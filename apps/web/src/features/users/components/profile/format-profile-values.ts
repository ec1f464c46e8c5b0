/**
 * How the profile shows assignments. Its dates and times are the shared ones of lib/session-format.ts,
 * in the department's time zone.
 */
import type { User } from '@stationbid/domain';

/** "Station 3 · Lakeside", or "Not assigned" */
export function formatStation(station: User['currentStation']): string {
  return station === null ? 'Not assigned' : `Station ${station.number} · ${station.name}`;
}

/** "Shift B", or "Not assigned" */
export function formatShift(shift: User['currentShift']): string {
  return shift === null ? 'Not assigned' : `Shift ${shift}`;
}
