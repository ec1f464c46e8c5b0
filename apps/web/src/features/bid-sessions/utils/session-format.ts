/**
 * How sessions, turns and history read on the administrator's screens. Times are stored in UTC and
 * shown in the viewer's time zone with the zone's name (bidding-rules.md, Consistency); the session's
 * start and end dates are calendar days and are shown as such, whatever the zone.
 */
import type {
  BidSession,
  BidSessionStatus,
  EligibilityMode,
  HistoryAction,
  Participant,
  ParticipantOutcome,
  SessionHistoryEntry,
  TieBreakLink,
} from '@stationbid/domain';

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

export const OUTCOME_LABELS: Readonly<Record<ParticipantOutcome, string>> = {
  bid: 'Bid placed',
  proxy_bid: 'Phone-in bid',
  auto_assigned: 'Auto-assigned',
  skipped: 'Skipped',
  not_assigned: 'Not assigned',
};

export const ELIGIBILITY_MODE_LABELS: Readonly<Record<EligibilityMode, string>> = {
  rank: 'By rank (seat position matches the rank)',
  any: 'Any position',
};

const TIE_BREAK_LINK_LABELS: Readonly<Record<TieBreakLink, string>> = {
  yearsOfService: 'years of service',
  employeeId: 'employee ID',
  random: 'a seeded random draw',
};

/** "Seniority score, then years of service, then employee ID". */
export function describeTieBreakChain(chain: readonly TieBreakLink[]): string {
  return ['Seniority score', ...chain.map((link) => TIE_BREAK_LINK_LABELS[link])].join(', then ');
}

interface FormatOptions {
  /** Tests pin these; screens use the viewer's own. */
  locale?: string;
  timeZone?: string;
}

/** "Mar 1, 2026" for a calendar day sent as "2026-03-01" or as its UTC midnight; "Not set" when missing. */
export function formatCalendarDate(value: string | null, { locale }: FormatOptions = {}): string {
  if (value === null) return 'Not set';
  const day = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0];
  if (day === undefined) return 'Not set';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** "Mar 1, 2026, 9:30:05 AM PST": a moment in the viewer's zone, named. */
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
    second: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(date);
}

/** "Mar 1, 2026 – Mar 31, 2026". */
export function formatSessionDates(
  session: Pick<BidSession, 'startDate' | 'endDate'>,
  options: FormatOptions = {},
): string {
  return `${formatCalendarDate(session.startDate, options)} – ${formatCalendarDate(session.endDate, options)}`;
}

export function formatMinutes(minutes: number): string {
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** completedBids of participantCount, as a whole percentage for the progress bar. */
export function getSessionProgress(session: Pick<BidSession, 'completedBids' | 'participantCount'>) {
  const total = session.participantCount;
  const completed = Math.min(session.completedBids, total);
  return { completed, total, percent: total === 0 ? 0 : Math.round((completed / total) * 100) };
}

export function getParticipantName(participant: Pick<Participant, 'user'>): string {
  return `${participant.user.firstName} ${participant.user.lastName}`;
}

/** "Station 1 (Downtown) · Shift A · Captain". */
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

/** What became of a participant: their outcome and the seat won, or where they stand in the queue. */
export function describeParticipantResult(participant: Participant): string {
  if (participant.outcome === null) return participant.isCurrentTurn ? 'Bidding now' : 'Waiting';
  const seat = formatSeat(participant.assignedStation, participant.assignedShift, participant.assignedPosition);
  const outcome = OUTCOME_LABELS[participant.outcome];
  return seat === null ? outcome : `${outcome}: ${seat}`;
}

/** The seat of a history entry, or null when the entry is about no seat. */
export function formatHistorySeat(entry: SessionHistoryEntry): string | null {
  if (entry.stationName === null) return null;
  const station =
    entry.stationNumber === null ? entry.stationName : `Station ${entry.stationNumber} (${entry.stationName})`;
  return [station, entry.shift && `Shift ${entry.shift}`, entry.position].filter(Boolean).join(' · ');
}

function formatDuration(ms: number): string {
  const totalSeconds = Math.round(ms / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = String(totalSeconds % 60).padStart(2, '0');
  return `${minutes}:${seconds}`;
}

/** The facts of a history entry's details worth reading: a phone-in bid, a reason, a seed, time left. */
export function describeHistoryDetails(details: Readonly<Record<string, unknown>>): string | null {
  const facts: string[] = [];
  if (details.proxy === true) facts.push('Phone-in bid');
  if (details.endedEarly === true) facts.push('Ended early');
  if (typeof details.reason === 'string' && details.reason.trim() !== '') facts.push(details.reason);
  const seed = details.randomSeed ?? details.seed;
  if (typeof seed === 'string' && seed !== '') facts.push(`Random draw seed: ${seed}`);
  if (typeof details.remainingMs === 'number') facts.push(`${formatDuration(details.remainingMs)} left in the turn`);
  return facts.length === 0 ? null : facts.join('; ');
}
