/**
 * How the dashboard words a member's seat, queue place and session. The words
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

/** The bid priority colour rule: green to 5, blue to 10, orange to 15, else red. */
export function getBidPriorityColor(priority: number): 'green' | 'blue' | 'orange' | 'red' {
  if (priority <= 5) return 'green';
  if (priority <= 10) return 'blue';
  if (priority <= 15) return 'orange';
  return 'red';
}

/** "#3 in queue", or "Not ranked" before the first seniority calculation. */
export function formatBidPriority(priority: number | null): string {
  return priority === null ? 'Not ranked' : `#${priority} in queue`;
}

/** "Mar 1, 2026 – Mar 31, 2026". */
export function formatSessionPeriod(startDate: string | null, endDate: string | null, locale?: string): string {
  return `${formatCalendarDate(startDate, { locale })} – ${formatCalendarDate(endDate, { locale })}`;
}
