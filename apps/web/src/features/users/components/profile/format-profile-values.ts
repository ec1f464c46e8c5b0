/** How the profile shows dates and assignments, in the reader's own language and time zone. */
import type { User } from '@stationbid/domain';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Mar 4, 2025" */
export function formatDate(isoDateTime: string): string {
  return dateFormat.format(new Date(isoDateTime));
}

/** "Mar 4, 2025, 7:05 PM" */
export function formatDateTime(isoDateTime: string): string {
  return dateTimeFormat.format(new Date(isoDateTime));
}

/** "Station 3 · Lakeside", or "Not assigned" */
export function formatStation(station: User['currentStation']): string {
  return station === null ? 'Not assigned' : `Station ${station.number} · ${station.name}`;
}

/** "Shift B", or "Not assigned" */
export function formatShift(shift: User['currentShift']): string {
  return shift === null ? 'Not assigned' : `Shift ${shift}`;
}
