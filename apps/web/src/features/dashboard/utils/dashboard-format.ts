/**
 * How the dashboard words a member's seat and session. The words
 * every feature shares live in src/lib/session-format.ts.
 */
import type { User } from '@stationbid/domain';
import { formatCalendarDate } from '../../../lib/session-format.ts';

/** "Station 3 · Eastside", or "Unassigned" when the member holds no seat. */
export function formatStation(station: User['currentStation']): string {
  return station === null ? 'Unassigned' : `Station ${station.number} · ${station.name}`;
}

/** "Shift B", or "Unassigned". */
export function formatShift(shift: User['currentShift']): string {
  return shift === null ? 'Unassigned' : `Shift ${shift}`;
}

/** "Mar 1, 2026 – Mar 31, 2026". */
export function formatSessionPeriod(startDate: string | null, endDate: string | null, locale?: string): string {
  return `${formatCalendarDate(startDate, { locale })} – ${formatCalendarDate(endDate, { locale })}`;
}
