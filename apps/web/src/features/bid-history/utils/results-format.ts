/**
 * Words for what the bid history and session results show. Times are stored in UTC and shown in the
 * viewer's zone with the zone's name, so members in different zones read the same moment correctly.
 */
import type { BidSessionStatus, HistoryAction, Participant, SessionHistoryEntry } from '@stationbid/domain';
import type { UserBidHistoryEntry } from '../api/get-user-bid-history.ts';

export const BID_KIND_LABELS: Readonly<Record<UserBidHistoryEntry['kind'], string>> = {
  own: 'Own bid',
  proxy: 'Phone-in',
  auto: 'Automatic',
};

export const BID_STATUS_LABELS: Readonly<Record<UserBidHistoryEntry['status'], string>> = {
  completed: 'Completed',
  active: 'Active',
  pending: 'Pending',
  cancelled: 'Cancelled',
};

export const BID_STATUS_COLORS: Readonly<Record<UserBidHistoryEntry['status'], string>> = {
  completed: 'green',
  active: 'blue',
  pending: 'yellow',
  cancelled: 'gray',
};

export const SESSION_STATUS_LABELS: Readonly<Record<BidSessionStatus, string>> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  active: 'Active',
  paused: 'Paused',
  completed: 'Completed',
};

export const SESSION_STATUS_COLORS: Readonly<Record<BidSessionStatus, string>> = {
  draft: 'gray',
  scheduled: 'blue',
  active: 'green',
  paused: 'yellow',
  completed: 'violet',
};

export const HISTORY_ACTION_LABELS: Readonly<Record<HistoryAction, string>> = {
  session_started: 'Session started',
  session_paused: 'Session paused',
  session_resumed: 'Session resumed',
  session_completed: 'Session completed',
  bid_submitted: 'Bid submitted',
  turn_skipped: 'Turn skipped',
  moved_to_back: 'Moved to back of queue',
  auto_assigned: 'Auto-assigned',
};

/** Participant status in results (spec section 4): Assigned when they won a seat, else Not Assigned. */
export function getParticipantStatus(participant: Pick<Participant, 'hasBid'>): 'Assigned' | 'Not Assigned' {
  return participant.hasBid ? 'Assigned' : 'Not Assigned';
}

export function getParticipantName(participant: Pick<Participant, 'user'>): string {
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

interface FormatOptions {
  /** Tests pin these; screens use the viewer's own. */
  locale?: string;
  timeZone?: string;
}

/** "Mar 1, 2026, 9:30 AM PST": a moment in the viewer's zone, named; "Not set" when missing. */
export function formatDateTime(value: string | null, { locale, timeZone }: FormatOptions = {}): string {
  if (value === null) return 'Not set';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Not set';
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(date);
}

/** "Mar 1, 2026": the day in the viewer's zone. */
export function formatDate(value: string, { locale, timeZone }: FormatOptions = {}): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Not set';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(date);
}
