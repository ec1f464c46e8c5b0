/**
 * How the live bidding page puts the session into words: the member's place in the queue
 * ("Your Position"), each participant's status, the history's actions, and times in the
 * viewer's own zone with the zone's name (bidding-rules.md, Consistency).
 */
import {
  type BidSession,
  LIMITS,
  type Participant,
  type SessionBoard,
  type SessionHistoryEntry,
} from '@stationbid/domain';

/**
 * "#3 in queue" and "You are next!" or "2 people ahead of you". `peopleAhead` is the server's count
 * of those still to bid before the member, the one bidding now included: with only that one left,
 * the member's turn is next.
 */
export function describeQueuePlace(queuePosition: number, peopleAhead: number): { place: string; ahead: string } {
  const ahead = peopleAhead <= 1 ? 'You are next!' : `${peopleAhead} people ahead of you`;
  return { place: `#${queuePosition + 1} in queue`, ahead };
}

/**
 * How many are still to bid before the member, the one bidding now included, as of the board. The
 * turn moves through the queue in order, so everyone from the turn holder up to the member is still
 * waiting; the board moves on with every bid while the member's own entry is read only when an event
 * concerns them. Falls back to the server's count when the board cannot tell.
 */
export function countPeopleAhead(
  board: Pick<SessionBoard, 'status' | 'turn'>,
  myEntry: Pick<Participant, 'position' | 'outcome'> | null,
  serverPeopleAhead: number | null,
): number | null {
  if (myEntry === null || myEntry.outcome !== null) return serverPeopleAhead;
  if ((board.status !== 'active' && board.status !== 'paused') || board.turn === null) return serverPeopleAhead;
  const ahead = myEntry.position - board.turn.queuePosition;
  if (ahead <= 0) return serverPeopleAhead;
  return serverPeopleAhead === null ? ahead : Math.min(ahead, serverPeopleAhead);
}

export type ParticipantStatusTone = 'blue' | 'green' | 'gray' | 'orange' | 'red' | 'yellow';

/** A participant's state in words, e.g. "Bidding now" or "Assigned: Station 1 · Downtown, Shift A, Captain". */
export function describeParticipantStatus(
  participant: Participant,
  sessionStatus: BidSession['status'],
): { label: string; tone: ParticipantStatusTone } {
  if (participant.isCurrentTurn && (sessionStatus === 'active' || sessionStatus === 'paused')) {
    return { label: 'Bidding now', tone: 'blue' };
  }
  if (participant.hasBid && participant.assignedStation !== null) {
    const seat = `Station ${participant.assignedStation.number} · ${participant.assignedStation.name}, Shift ${participant.assignedShift}, ${participant.assignedPosition}`;
    return { label: `Assigned: ${seat}`, tone: 'green' };
  }
  if (participant.outcome === 'skipped') return { label: 'Skipped', tone: 'gray' };
  // Done without a seat, or still waiting when the session ended early.
  if (participant.outcome !== null || sessionStatus === 'completed') return { label: 'Not Assigned', tone: 'red' };
  if (participant.movedToBack) return { label: 'Moved to back', tone: 'orange' };
  return { label: 'Waiting', tone: 'yellow' };
}

function describeSeat(entry: SessionHistoryEntry): string {
  if (entry.stationName === null) return '';
  const station =
    entry.stationNumber === null ? entry.stationName : `Station ${entry.stationNumber} · ${entry.stationName}`;
  return [station, entry.shift === null ? null : `Shift ${entry.shift}`, entry.position].filter(Boolean).join(', ');
}

/**
 * The seat a vacancy bid's move opened (`detailsData.opened`, the engine's seat reference):
 * ", opening Station 2 · Shift B · Firefighter", or '' for any other entry.
 */
function describeOpened(entry: SessionHistoryEntry): string {
  const opened = entry.detailsData.opened;
  if (typeof opened !== 'object' || opened === null) return '';
  const { stationNumber, stationName, shift, seatPosition } = opened as Record<string, unknown>;
  const station =
    typeof stationNumber === 'number'
      ? `Station ${stationNumber}`
      : typeof stationName === 'string'
        ? stationName
        : null;
  if (station === null) return '';
  const parts = [station, typeof shift === 'string' ? `Shift ${shift}` : null, seatPosition];
  return `, opening ${parts.filter((part) => typeof part === 'string' && part !== '').join(' · ')}`;
}

/**
 * One history entry as a sentence: "Elena Ramirez bid on Station 1 · Downtown, Shift A, Captain",
 * and in a vacancy bid the seat the move opened: "..., opening Station 2 · Shift B · Firefighter".
 */
export function describeHistoryEntry(entry: SessionHistoryEntry): string {
  const sentence = describeEntry(entry);
  return entry.action === 'bid_submitted' || entry.action === 'auto_assigned'
    ? `${sentence}${describeOpened(entry)}`
    : sentence;
}

function describeEntry(entry: SessionHistoryEntry): string {
  const who = entry.userName ?? entry.actorName;
  const seat = describeSeat(entry);
  switch (entry.action) {
    case 'session_started':
      return `${entry.actorName} started the session`;
    case 'session_paused':
      return `${entry.actorName} paused the session`;
    case 'session_resumed':
      return `${entry.actorName} resumed the session`;
    case 'session_completed':
      return 'The session completed';
    case 'bid_submitted':
      if (entry.detailsData.source === 'standing_bid') return `${who}'s standing bid took ${seat}`;
      return entry.userName !== null && entry.actorName !== entry.userName && entry.actorName !== 'system'
        ? `${entry.actorName} bid for ${entry.userName} on ${seat}`
        : `${who} bid on ${seat}`;
    case 'turn_skipped':
      return `${who} skipped their turn`;
    case 'moved_to_back':
      return `${who} was moved to the back of the queue`;
    case 'auto_assigned':
      return seat === '' ? `${who} could not be assigned a seat` : `${who} was auto-assigned ${seat}`;
    case 'round_started':
      return typeof entry.detailsData.name === 'string' ? `${entry.detailsData.name} began` : 'A new round began';
    case 'session_rewound': {
      const reason = typeof entry.detailsData.reason === 'string' ? `: ${entry.detailsData.reason}` : '';
      return `${entry.actorName} rewound the bid to ${who}'s turn${reason}`;
    }
    case 'turn_undone':
      return seat === '' ? `${who}'s turn was undone` : `${who}'s award of ${seat} was undone`;
  }
}

/** Newest first, as the page lists them. */
export function sortHistoryNewestFirst(history: readonly SessionHistoryEntry[]): SessionHistoryEntry[] {
  return [...history].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
}

interface FormatOptions {
  /** Tests pin it; the page uses the viewer's own language. */
  locale?: string;
  /** The department's zone (useDepartmentTimeZone), never the viewer's. */
  timeZone: string;
}

/** "Mar 1, 9:30:05 AM CST": a moment in the department's zone, named. */
export function formatMoment(value: string, { locale, timeZone }: FormatOptions): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Unknown time';
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(date);
}

/** The bidding page's warning: 30 seconds or less left in the member's own turn (LIMITS.turnWarningSeconds). */
export function isTurnWarning(remainingMs: number): boolean {
  return remainingMs > 0 && remainingMs <= LIMITS.turnWarningSeconds * 1000;
}
