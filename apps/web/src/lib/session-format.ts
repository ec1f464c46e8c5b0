/**
 * The words every feature uses for a bid session: status labels and colours, history actions, names,
 * seats, and dates. Times are stored in UTC and shown in the department's zone (issue 16: the
 * administrators' setting, lib/department-time-zone.ts), never the viewer's, with the zone's name
 * (bidding-rules.md, Consistency); a session's start and end dates are calendar days, shown as such
 * whatever the zone. Each function takes the zone; screens pass useDepartmentTimeZone(). Wording
 * only one feature uses stays in that feature; wording the export or the printed bid sheet shows
 * too comes from packages/domain/src/labels.ts.
 */
import type {
  BidSession,
  BidSessionStatus,
  BidSessionType,
  Participant,
  SeatPosition,
  SessionHistoryEntry,
  Shift,
} from '@stationbid/domain';

/** Status and history labels are shared with the export (packages/domain/src/labels.ts). */
export { HISTORY_ACTION_LABELS, SESSION_STATUS_LABELS } from '@stationbid/domain';

export const SESSION_STATUS_COLORS: Readonly<Record<BidSessionStatus, string>> = {
  draft: 'gray',
  scheduled: 'blue',
  active: 'green',
  paused: 'yellow',
  completed: 'violet',
};

/** What the administrators' screens call each type of session (bidding-rules.md, "Vacancy bids"). */
export const SESSION_TYPE_LABELS: Readonly<Record<BidSessionType, string>> = {
  standard: 'Standard bid',
  vacancy: 'Vacancy bid',
};

/**
 * "Station 7 · B shift · Firefighter": a seat by its station number, in the words the vacancy
 * chain, the rewind dialog and the forecast use.
 */
export function formatSeatByNumber(stationNumber: number, shift: Shift, position: SeatPosition): string {
  return `Station ${stationNumber} · ${shift} shift · ${position}`;
}

export function getParticipantName(participant: { user: Pick<Participant['user'], 'firstName' | 'lastName'> }): string {
  return `${participant.user.firstName} ${participant.user.lastName}`;
}

/** "Station 1 (Downtown) · Shift A · Captain", or null without a station. */
export function formatSeat(
  station: { name: string; number: number } | null,
  shift: string | null,
  position: string | null,
): string | null {
  if (station === null) return null;
  return [`Station ${station.number} (${station.name})`, shift && `Shift ${shift}`, position]
    .filter(Boolean)
    .join(' · ');
}

/** The seat a history entry is about, or null when it is about none. */
export function formatHistorySeat(entry: SessionHistoryEntry): string | null {
  if (entry.stationName === null) return null;
  const station =
    entry.stationNumber === null ? entry.stationName : `Station ${entry.stationNumber} (${entry.stationName})`;
  return [station, entry.shift && `Shift ${entry.shift}`, entry.position].filter(Boolean).join(' · ');
}

export function formatMinutes(minutes: number): string {
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

export interface CalendarDateFormatOptions {
  /** Tests pin it; screens use the viewer's own language. */
  locale?: string;
}

export interface DateFormatOptions extends CalendarDateFormatOptions {
  /** The IANA zone a moment is shown in: the department's (useDepartmentTimeZone). */
  timeZone: string;
}

/** "Mar 1, 2026" for a calendar day sent as "2026-03-01" or as its UTC midnight; "Not set" when missing. */
export function formatCalendarDate(value: string | null, { locale }: CalendarDateFormatOptions = {}): string {
  const day = value === null ? undefined : /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0];
  if (day === undefined) return 'Not set';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** "Mar 1, 2026 – Mar 31, 2026": the session's calendar days, whatever the zone. */
export function formatSessionDates(
  session: Pick<BidSession, 'startDate' | 'endDate'>,
  options: CalendarDateFormatOptions = {},
): string {
  return `${formatCalendarDate(session.startDate, options)} – ${formatCalendarDate(session.endDate, options)}`;
}

interface DateTimeFormatOptions extends DateFormatOptions {
  /** Seconds matter while a session runs (turns are timed); results read well without them. */
  withSeconds?: boolean;
}

/**
 * "Mar 1, 2026, 9:30:05 AM CST" (or "Mar 1, 2026, 9:30 AM CST" without seconds): a moment in
 * `timeZone`, named; "Not set" when missing.
 */
export function formatDateTime(
  value: string | null,
  { locale, timeZone, withSeconds = true }: DateTimeFormatOptions,
): string {
  if (value === null) return 'Not set';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Not set';
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(withSeconds ? { second: '2-digit' } : {}),
    timeZoneName: 'short',
    timeZone,
  }).format(date);
}

/** "Mar 1, 2026": the day a moment falls on in `timeZone`; "Not set" when unreadable. */
export function formatDay(value: string | number, { locale, timeZone }: DateFormatOptions): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Not set';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(date);
}

/** "9:30 AM": a moment's time of day in `timeZone`, for lists whose day goes without saying (chat). */
export function formatTimeOfDay(value: string, { locale, timeZone }: DateFormatOptions): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(date);
}
