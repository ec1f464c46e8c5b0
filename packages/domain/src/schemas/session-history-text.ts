/**
 * A session history entry told as one line of text, for `details` (contract gap 4): the spec's
 * client renders `details` as text, so the structured facts travel in `detailsData` and `details`
 * says what happened, e.g. "Phone-in bid by Alex Admin: Station 3, shift A, Firefighter" or
 * "Turn expired; moved to the back".
 */
import type { HistoryAction } from '../bid-engine/types.ts';

export interface HistoryFacts {
  action: HistoryAction;
  /** The participant the entry is about. */
  userName: string | null;
  /** Who caused it: a member, an administrator, or "system". */
  actorName: string;
  stationName: string | null;
  stationNumber: number | null;
  shift: string | null;
  position: string | null;
  details: Readonly<Record<string, unknown>>;
}

const AUTOMATIC_SOURCES: Record<string, string> = {
  auto_bid: 'from their auto-bid choices',
  kept_current_seat: 'kept their current seat',
  preferences: 'from their preferences',
  first_available: 'to the first available seat',
};

function describeSeat(facts: HistoryFacts): string {
  const station = facts.stationName ?? (facts.stationNumber === null ? null : `Station ${facts.stationNumber}`);
  const parts = [station, facts.shift ? `shift ${facts.shift}` : null, facts.position].filter(
    (part): part is string => part !== null && part !== '',
  );
  return parts.join(', ');
}

function withSeat(text: string, facts: HistoryFacts): string {
  const seat = describeSeat(facts);
  return seat === '' ? text : `${text}: ${seat}`;
}

function byActor(facts: HistoryFacts): string {
  return facts.actorName === 'system' || facts.actorName === '' ? '' : ` by ${facts.actorName}`;
}

/** In a vacancy bid a move opens the seat left: "...; opened Station 2, shift B, Firefighter". */
function withOpened(text: string, details: HistoryFacts['details']): string {
  const opened = details.opened as
    | { stationName?: string; stationNumber?: number; shift?: string; seatPosition?: string }
    | undefined;
  if (typeof opened !== 'object' || opened === null) return text;
  const seat = describeSeat({
    action: 'bid_submitted',
    userName: null,
    actorName: '',
    stationName: opened.stationName ?? null,
    stationNumber: opened.stationNumber ?? null,
    shift: opened.shift ?? null,
    position: opened.seatPosition ?? null,
    details: {},
  });
  return `${text}; opened ${seat}`;
}

/** One readable line for a history entry. */
export function describeHistoryEntry(facts: HistoryFacts): string {
  const text = describeEntry(facts);
  return facts.action === 'bid_submitted' || facts.action === 'auto_assigned' ? withOpened(text, facts.details) : text;
}

function describeEntry(facts: HistoryFacts): string {
  const { details } = facts;
  const who = facts.userName ?? 'A participant';
  const reason = typeof details.reason === 'string' && details.reason !== '' ? details.reason : null;
  switch (facts.action) {
    case 'session_started': {
      const count =
        typeof details.participantCount === 'number' ? ` with ${details.participantCount} participants` : '';
      return `Session started${byActor(facts)}${count}`;
    }
    case 'session_paused':
      return `Session paused${byActor(facts)}`;
    case 'session_resumed':
      return `Session resumed${byActor(facts)}`;
    case 'session_completed':
      return details.endedEarly === true ? `Session ended early${byActor(facts)}` : 'Session completed';
    case 'bid_submitted':
      if (details.source === 'standing_bid') return withSeat(`Standing bid for ${who}`, facts);
      return details.proxy === true
        ? withSeat(`Phone-in bid by ${facts.actorName} for ${who}`, facts)
        : withSeat(`Bid by ${who}`, facts);
    case 'turn_skipped':
      if (reason === 'member deleted') return `${who}'s turn passed over: member deleted`;
      return `${who} skipped their turn`;
    case 'moved_to_back':
      if (reason === 'time expired') return 'Turn expired; moved to the back';
      return `${who} moved to the back${byActor(facts)}`;
    case 'auto_assigned': {
      if (reason !== null) return `${who} not assigned: ${reason}`;
      const source = typeof details.source === 'string' ? AUTOMATIC_SOURCES[details.source] : undefined;
      return withSeat(`${who} auto-assigned${source ? ` ${source}` : ''}`, facts);
    }
    case 'round_started':
      return typeof details.name === 'string' ? `${details.name} began` : 'A new round began';
    case 'session_rewound':
      return `Bid rewound to ${who}'s turn${byActor(facts)}${reason ? `: ${reason}` : ''}`;
    case 'turn_undone':
      return facts.stationNumber !== null ? withSeat(`${who}'s award undone`, facts) : `${who}'s turn undone`;
    default:
      return String(facts.action).replaceAll('_', ' ');
  }
}
